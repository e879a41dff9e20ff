/**
 * Plays one of our reversi levels against a greedy player (always the move that turns over the most discs)
 * over N games from random openings, each played with both colours, and prints the totals and how often our
 * side handed the opponent a corner (played next to an empty corner that the opponent could then take).
 *
 *   tsx bench/reversi/greedy.ts --ours easy --games 200
 */
import { parseArgs } from 'node:util';
import { chooseMove, LEVELS, type Level } from '../../apps/web/src/games/reversi/ai.ts';
import { seededRandom } from '../../apps/web/src/games/rng.ts';
import { greedyMove, handsOverCorner } from '../../apps/web/src/games/reversi/testing.ts';
import { playGame, summarize, type GameResult } from './match.ts';
import { randomOpenings } from './openings.ts';

const { values } = parseArgs({
  options: {
    ours: { type: 'string', default: 'easy' },
    games: { type: 'string', default: '200' },
    plies: { type: 'string', default: '4' },
    seed: { type: 'string', default: '34' },
  },
});
const ours = values.ours as Level;
if (!(ours in LEVELS)) {
  console.error(`--ours must be one of ${Object.keys(LEVELS).join(', ')}`);
  process.exit(2);
}
const games = Number(values.games);
const rng = seededRandom(Number(values.seed));
const openings = randomOpenings(Math.ceil(games / 2), Number(values.plies), Number(values.seed));
const results: GameResult[] = [];
let gifts = 0;
let ourMoves = 0;
for (let game = 0; game < games; game++) {
  const oursColor = game % 2 === 0 ? 'black' : 'white';
  const result = await playGame(
    openings[game >> 1]!,
    oursColor,
    (position) => {
      const sq = chooseMove(position, LEVELS[ours], rng).move;
      if (handsOverCorner(position, sq)) gifts++;
      ourMoves++;
      return sq;
    },
    (position) => greedyMove(position, rng),
    () => undefined,
  );
  results.push(result);
}
console.log(summarize(`${ours} vs greedy`, results));
console.log(
  `corners handed over: ${gifts} of ${ourMoves} moves (${((gifts / ourMoves) * 100).toFixed(1)} %)`,
);
