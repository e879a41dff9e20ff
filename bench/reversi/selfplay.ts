/**
 * Training positions for the evaluation's pattern tables: Egaroucid plays itself over GTP from random openings
 * and every position reached is written with the game's final disc margin for the side to move.
 * Output lines: 64 characters (X the side to move, O the other side, . empty, square a1 first, row by row),
 * a space, and the margin.
 *
 *   tsx bench/reversi/selfplay.ts --engine /absolute/path/to/Egaroucid_for_Console.out --level 5 \
 *     --games 5000 --out /tmp/reversi-positions.txt
 */
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { seededRandom } from '../../apps/web/src/games/rng.ts';
import {
  discAt,
  initialPosition,
  legalMoves,
  play,
  score,
  squareName,
  type Position,
} from '../../apps/web/src/games/reversi/rules.ts';
import { GtpEngine } from './gtp.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: process.env.EGAROUCID },
    level: { type: 'string', default: '5' },
    games: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
if (!values.engine || !values.out) {
  console.error(
    'Usage: selfplay.ts --engine <Egaroucid console path> --out <file> [--level 5] [--games 1000]',
  );
  process.exit(2);
}

/** The board from the side to move's point of view. */
function line(position: Position): string {
  let text = '';
  for (let sq = 0; sq < 64; sq++) {
    const disc = discAt(position, sq);
    text += disc === null ? '.' : disc === position.toMove ? 'X' : 'O';
  }
  return text;
}

const engine = new GtpEngine(values.engine, ['-gtp', '-quiet', '-level', values.level]);
const output = createWriteStream(values.out);
const rng = seededRandom(Number(values.seed));
const games = Number(values.games);
const started = performance.now();
for (let game = 0; game < games; game++) {
  await engine.send('clear_board');
  let position = initialPosition();
  let over = false;
  const seen: Position[] = [];
  const randomPlies = 2 + Math.floor(rng() * 14);
  for (let ply = 0; !over; ply++) {
    const mover = position.toMove;
    let sq: number;
    if (ply < randomPlies) {
      const options = legalMoves(position);
      sq = options[Math.floor(rng() * options.length)]!;
      await engine.send(`play ${mover} ${squareName(sq)}`);
    } else {
      seen.push(position);
      const answer = (await engine.send(`genmove ${mover}`)).toLowerCase();
      sq = (Number(answer[1]) - 1) * 8 + answer.charCodeAt(0) - 97;
    }
    const result = play(position, sq);
    position = result.position;
    over = result.gameOver;
  }
  const { black, white } = score(position);
  for (const p of seen) output.write(`${line(p)} ${p.toMove === 'black' ? black - white : white - black}\n`);
  if ((game + 1) % 100 === 0) {
    const seconds = (performance.now() - started) / 1000;
    console.log(`${game + 1} games, ${seconds.toFixed(0)} s`);
  }
}
output.end();
await engine.quit();
