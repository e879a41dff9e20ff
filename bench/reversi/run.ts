/**
 * Plays one of our reversi levels against Egaroucid at a given level over N games: N/2 openings of random
 * moves, each played once with each colour. Our side runs `chooseMove` with the level's settings exactly as
 * the game's worker does, its time budget capped at --budget ms a move. Prints each game and the totals.
 *
 *   tsx bench/reversi/run.ts --engine /work/egaroucid/bin/Egaroucid_for_Console.out --level 8 --ours expert
 */
import { parseArgs } from 'node:util';
import { chooseMove, LEVELS, type Level } from '../../apps/web/src/games/reversi/ai.ts';
import { squareName } from '../../apps/web/src/games/reversi/rules.ts';
import { GtpEngine } from './gtp.ts';
import { playGame, summarize, type GameResult } from './match.ts';
import { randomOpenings } from './openings.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: process.env.EGAROUCID },
    'engine-args': { type: 'string', default: '' },
    level: { type: 'string', default: '8' },
    ours: { type: 'string', default: 'expert' },
    games: { type: 'string', default: '20' },
    budget: { type: 'string', default: '1000' },
    plies: { type: 'string', default: '6' },
    seed: { type: 'string', default: '34' },
  },
});

if (!values.engine) {
  console.error('Give the Egaroucid console executable: --engine <path> (or EGAROUCID=<path>).');
  process.exit(2);
}
const ours = values.ours as Level;
if (!(ours in LEVELS)) {
  console.error(`--ours must be one of ${Object.keys(LEVELS).join(', ')}`);
  process.exit(2);
}
const games = Number(values.games);
const budget = Number(values.budget);
const options = { ...LEVELS[ours], timeMs: Math.min(LEVELS[ours].timeMs, budget) };
const engineArgs = [
  '-gtp',
  '-quiet',
  '-level',
  values.level,
  ...values['engine-args'].split(' ').filter(Boolean),
];
const engine = new GtpEngine(values.engine, engineArgs);
await engine.send('boardsize 8');

const openings = randomOpenings(Math.ceil(games / 2), Number(values.plies), Number(values.seed));
const results: GameResult[] = [];
for (let game = 0; game < games; game++) {
  const opening = openings[game >> 1]!;
  const oursColor = game % 2 === 0 ? 'black' : 'white';
  await engine.send('clear_board');
  const result = await playGame(
    opening,
    oursColor,
    (position) => chooseMove(position, options).move,
    async (position) => {
      const answer = (await engine.send(`genmove ${position.toMove}`)).toLowerCase();
      if (!/^[a-h][1-8]$/.test(answer)) throw new Error(`engine answered "${answer}" with a move to make`);
      return (Number(answer[1]) - 1) * 8 + answer.charCodeAt(0) - 97;
    },
    async (mover, sq, source) => {
      // The engine has already played its own answers to genmove on its board.
      if (source !== 'theirs') await engine.send(`play ${mover} ${squareName(sq)}`);
    },
  );
  results.push(result);
  console.log(
    `game ${String(game + 1).padStart(2)} opening ${opening.map(squareName).join('')} ours ${oursColor.padEnd(5)} ` +
      `margin ${result.margin >= 0 ? '+' : ''}${result.margin}`,
  );
}
await engine.quit();
console.log(summarize(`${ours} (≤ ${budget} ms a move) vs Egaroucid level ${values.level}`, results));
