/**
 * How long a no-guess Minesweeper board takes to make: 200 boards of each level, first click at a random cell,
 * timed one by one with the app's own generator. Prints the median, the 90th percentile and the worst.
 */
import { LEVELS, type LevelName } from '../../apps/web/src/games/minesweeper/logic.ts';
import { placeMinesWithoutGuessing } from '../../apps/web/src/games/minesweeper/no-guess.ts';
import { seededRandom } from '../../apps/web/src/games/rng.ts';

const BOARDS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

for (const name of Object.keys(LEVELS) as LevelName[]) {
  const level = LEVELS[name];
  const random = seededRandom(2026);
  const times: number[] = [];
  for (let board = 0; board < BOARDS; board++) {
    const first = Math.floor(random() * level.cols * level.rows);
    const started = performance.now();
    placeMinesWithoutGuessing(level, first, random);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = (t: number) => `${t.toFixed(1)} ms`;
  console.log(
    `${name.padEnd(12)} median ${ms(percentile(times, 0.5))}  p90 ${ms(percentile(times, 0.9))}  worst ${ms(times.at(-1)!)}`,
  );
}
