const KEY = 'snek.bestScore';

/** The best score saved in this browser, or 0 when none (or storage is unavailable). */
export function loadBestScore(): number {
  try {
    const value = Number(window.localStorage.getItem(KEY));
    return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  } catch {
    return 0;
  }
}

/** Saves `score` when it beats the saved best; returns the best score after the update. */
export function saveBestScore(score: number): number {
  const best = loadBestScore();
  if (score <= best) return best;
  try {
    window.localStorage.setItem(KEY, String(score));
  } catch {
    // Private browsing may refuse storage; the best score then lasts only for this page.
  }
  return score;
}
