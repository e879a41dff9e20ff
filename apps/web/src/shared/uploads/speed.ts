/** Bytes stored at a moment (`performance.now()` milliseconds). */
export interface Sample {
  at: number;
  loaded: number;
}

/** Speeds are measured over at least this long, so one burst of progress events does not read as a rate. */
const minimumSpanMs = 1000;

/**
 * Bytes per second between the oldest and newest sample, or null when they span too little time to tell. Bytes
 * counted at the first sample (parts stored before a resume) are not speed.
 */
export function speedOf(samples: readonly Sample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < minimumSpanMs) return null;
  return Math.max(0, ((last.loaded - first.loaded) * 1000) / (last.at - first.at));
}

/** Seconds until `remaining` bytes are sent at `speed`, or null while there is no speed to go by. */
export const secondsLeft = (remaining: number, speed: number | null) => (speed ? remaining / speed : null);
