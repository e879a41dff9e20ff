import { expand } from './expand.ts';
import { parseIterations, parseProgram, type ProgramText, type Result } from './program.ts';
import { walk, type Drawing } from './turtle.ts';

/** A drawn program and how big it got. */
export interface Rendered {
  readonly drawing: Drawing;
  readonly symbols: number;
}

/** Parses, expands and walks a program from the editor, stopping at the first problem. */
export function runProgram(text: ProgramText, iterationsText: string): Result<Rendered> {
  const program = parseProgram(text);
  if (!program.ok) return program;
  const iterations = parseIterations(iterationsText);
  if (!iterations.ok) return iterations;
  const word = expand(program.value, iterations.value);
  if (!word.ok) return word;
  const drawing = walk(word.value, program.value.angle, program.value.heading);
  return { ok: true, value: { drawing, symbols: word.value.length } };
}
