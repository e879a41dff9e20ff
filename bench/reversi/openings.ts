import { seededRandom } from '../../apps/web/src/games/rng.ts';
import { initialPosition, legalMoves, play } from '../../apps/web/src/games/reversi/rules.ts';

/**
 * `count` different openings of `plies` random legal moves each, from a fixed seed so every run plays the same
 * ones. Each is played twice in a match, once with each colour, so an opening that favours one side cancels out.
 */
export function randomOpenings(count: number, plies: number, seed = 34): number[][] {
  const rng = seededRandom(seed);
  const seen = new Set<string>();
  const openings: number[][] = [];
  while (openings.length < count) {
    let position = initialPosition();
    const line: number[] = [];
    for (let i = 0; i < plies; i++) {
      const options = legalMoves(position);
      const sq = options[Math.floor(rng() * options.length)]!;
      line.push(sq);
      position = play(position, sq).position;
    }
    const key = line.join(',');
    if (!seen.has(key)) {
      seen.add(key);
      openings.push(line);
    }
  }
  return openings;
}
