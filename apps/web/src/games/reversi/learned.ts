import { popcount } from './bits.ts';
import { evaluate, MAX_EVAL } from './evaluate.ts';
import { BIASES, HANDMADE_WEIGHTS, PATTERN_VALUES } from './pattern-weights.ts';
import { PATTERN_UNIT, PHASE_SIZE, PHASES, PLACEMENT_COUNT, patternIndices, phaseOf } from './patterns.ts';

/** All phases' pattern values, decoded once. */
const values = new Int8Array(Uint8Array.from(atob(PATTERN_VALUES), (ch) => ch.charCodeAt(0)).buffer);
if (values.length !== PHASE_SIZE * PHASES) throw new Error('pattern weights do not fit patterns.ts');

const indices = new Int32Array(PLACEMENT_COUNT);

/**
 * Learned evaluation for the side to move (owner of p), in the same units as evaluate.ts (hundredths of a
 * disc): the predicted final disc margin, as the handmade evaluation plus the values of the position's patterns,
 * with weights fitted offline to self-play games of a strong engine (bench/reversi/train.ts)
 * so that the patterns learn what the handmade features miss.
 */
export function learnedEvaluate(pl: number, ph: number, ol: number, oh: number): number {
  const phase = phaseOf(popcount(pl | ol, ph | oh));
  patternIndices(pl, ph, ol, oh, indices);
  const base = phase * PHASE_SIZE;
  let sum = 0;
  for (let i = 0; i < PLACEMENT_COUNT; i++) sum += values[base + indices[i]!]!;
  const discs =
    sum * PATTERN_UNIT + HANDMADE_WEIGHTS[phase]! * evaluate(pl, ph, ol, oh) * 0.01 + BIASES[phase]!;
  return Math.max(-MAX_EVAL, Math.min(MAX_EVAL, Math.round(discs * 100)));
}
