/**
 * Fits the learned evaluation's weights to positions written by selfplay.ts: per game phase, one value per
 * pattern content (patterns.ts), a weight on the handmade evaluation and a bias, by stochastic gradient descent
 * on the squared error against each position's final disc margin. Holds 5 % out and prints its mean absolute
 * error per phase, then writes apps/web/src/games/reversi/pattern-weights.ts (pattern values as signed bytes
 * in quarter discs, base64).
 *
 *   tsx bench/reversi/train.ts /tmp/reversi-positions-1.txt /tmp/reversi-positions-2.txt
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { popcount } from '../../apps/web/src/games/reversi/bits.ts';
import { evaluate } from '../../apps/web/src/games/reversi/evaluate.ts';
import {
  PATTERN_UNIT,
  PHASE_SIZE,
  PHASES,
  PLACEMENT_COUNT,
  patternIndices,
  phaseOf,
} from '../../apps/web/src/games/reversi/patterns.ts';
import { seededRandom } from '../../apps/web/src/games/rng.ts';

const EPOCHS = Number(process.env.EPOCHS ?? 8);
const RATE = Number(process.env.RATE ?? 0.004);
const SHRINK = Number(process.env.SHRINK ?? 20);

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: train.ts <positions file>...');
  process.exit(2);
}

/** The board of a line, read from the side to move, mirrored along the a1-h8 diagonal when `mirror`. */
function parse(line: string, mirror: boolean): [number, number, number, number] {
  let pl = 0;
  let ph = 0;
  let ol = 0;
  let oh = 0;
  for (let at = 0; at < 64; at++) {
    const ch = line[at];
    const sq = mirror ? (at & 7) * 8 + (at >> 3) : at;
    const bit = 1 << (sq & 31);
    if (ch === 'X') {
      if (sq < 32) pl |= bit;
      else ph |= bit;
    } else if (ch === 'O') {
      if (sq < 32) ol |= bit;
      else oh |= bit;
    }
  }
  return [pl, ph, ol, oh];
}

const lines = files.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean));
// Each position is used as it is and mirrored: the pattern tables see twice the data, and a shape read in
// either direction learns the same values.
const count = lines.length * 2;
const indices = new Int32Array(count * PLACEMENT_COUNT);
const phases = new Uint8Array(count);
const handmade = new Float32Array(count);
const labels = new Float32Array(count);
const scratch = new Int32Array(PLACEMENT_COUNT);
for (let n = 0; n < count; n++) {
  const line = lines[n >> 1]!;
  const [pl, ph, ol, oh] = parse(line, (n & 1) === 1);
  patternIndices(pl, ph, ol, oh, scratch);
  indices.set(scratch, n * PLACEMENT_COUNT);
  phases[n] = phaseOf(popcount(pl | ol, ph | oh));
  handmade[n] = evaluate(pl, ph, ol, oh) / 100;
  labels[n] = Number(line.slice(65));
}

const rng = seededRandom(7);
const pairs = Array.from({ length: lines.length }, (_, i) => i);
for (let i = pairs.length - 1; i > 0; i--) {
  const j = Math.floor(rng() * (i + 1));
  [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
}
const cut = Math.floor(pairs.length / 20);
const heldOut = pairs.slice(0, cut).flatMap((i) => [2 * i, 2 * i + 1]);
const training = pairs.slice(cut).flatMap((i) => [2 * i, 2 * i + 1]);
for (let i = training.length - 1; i > 0; i--) {
  const j = Math.floor(rng() * (i + 1));
  [training[i], training[j]] = [training[j]!, training[i]!];
}

const weights = new Float32Array(PHASES * PHASE_SIZE);
const bias = new Float32Array(PHASES);
// Start from the handmade evaluation and learn what it misses.
const handmadeWeight = new Float32Array(PHASES).fill(1);

function predict(n: number): number {
  const phase = phases[n]!;
  const base = phase * PHASE_SIZE;
  let sum = bias[phase]! + handmadeWeight[phase]! * handmade[n]!;
  for (let i = 0; i < PLACEMENT_COUNT; i++) sum += weights[base + indices[n * PLACEMENT_COUNT + i]!]!;
  return sum;
}

function heldOutError(): string {
  const total = new Float64Array(PHASES);
  const seen = new Float64Array(PHASES);
  for (const n of heldOut) {
    total[phases[n]!]! += Math.abs(predict(n) - labels[n]!);
    seen[phases[n]!]!++;
  }
  return Array.from(total, (t, p) => (t / Math.max(1, seen[p]!)).toFixed(2)).join(' ');
}

console.log(
  `${lines.length} positions (${count} with mirrors); held-out mean absolute error per phase before: ${heldOutError()}`,
);
for (let epoch = 0; epoch < EPOCHS; epoch++) {
  const rate = RATE / (1 + epoch * 0.5);
  for (const n of training) {
    const phase = phases[n]!;
    const base = phase * PHASE_SIZE;
    const error = labels[n]! - predict(n);
    const step = rate * error;
    for (let i = 0; i < PLACEMENT_COUNT; i++) weights[base + indices[n * PLACEMENT_COUNT + i]!]! += step;
    bias[phase]! += step * 0.1;
    handmadeWeight[phase]! += step * 0.0005 * handmade[n]!;
  }
  console.log(`epoch ${epoch + 1}: held-out error per phase ${heldOutError()}`);
}

// Shrink values seen in few positions towards zero: a search steers towards whatever the table overrates, and
// rarely seen values are the least reliable.
const seenCount = new Uint32Array(PHASES * PHASE_SIZE);
for (const n of training) {
  const base = phases[n]! * PHASE_SIZE;
  for (let i = 0; i < PLACEMENT_COUNT; i++) seenCount[base + indices[n * PLACEMENT_COUNT + i]!]!++;
}
weights.forEach((w, i) => (weights[i] = (w * seenCount[i]!) / (seenCount[i]! + SHRINK)));
console.log(`after shrinking: held-out error per phase ${heldOutError()}`);

const bytes = Int8Array.from(weights, (w) => Math.max(-127, Math.min(127, Math.round(w / PATTERN_UNIT))));
const rounded = (list: Float32Array) => Array.from(list, (w) => Math.round(w * 1000) / 1000);
const target = fileURLToPath(new URL('../../apps/web/src/games/reversi/pattern-weights.ts', import.meta.url));
writeFileSync(
  target,
  `/* Generated by bench/reversi/train.ts from ${lines.length} positions of Egaroucid self-play; do not edit. */\n\n` +
    `/** Pattern values per phase (patterns.ts order), signed bytes in PATTERN_UNIT discs, base64. */\n` +
    `export const PATTERN_VALUES =\n  '${Buffer.from(bytes.buffer).toString('base64')}';\n\n` +
    `/** Weight of the handmade evaluation (evaluate.ts, in discs), per phase. */\n` +
    `export const HANDMADE_WEIGHTS: readonly number[] = [${rounded(handmadeWeight).join(', ')}];\n\n` +
    `/** Discs for the side to move before any pattern, per phase. */\n` +
    `export const BIASES: readonly number[] = [${rounded(bias).join(', ')}];\n`,
);
console.log(`wrote ${target}`);
