const SOLVED_KEY = 'sokoban.solved';
const CURRENT_KEY = 'sokoban.current';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private browsing may refuse storage; progress then lasts only for this page.
  }
}

/** Microban numbers of the levels solved in this browser. */
export function loadSolved(): Set<number> {
  try {
    const parsed: unknown = JSON.parse(read(SOLVED_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

/** Remembers the solved levels. */
export function saveSolved(solved: ReadonlySet<number>): void {
  write(SOLVED_KEY, JSON.stringify([...solved].sort((a, b) => a - b)));
}

/** The Microban number of the level last played, or null. */
export function loadCurrent(): number | null {
  const id = Number(read(CURRENT_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Remembers the level being played, so a return visit continues there. */
export function saveCurrent(id: number): void {
  write(CURRENT_KEY, String(id));
}
