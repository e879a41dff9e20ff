import type { Direction } from './level.ts';

/** One step of a solution in LURD notation: lower case walks, upper case pushes a box. */
export interface LurdStep {
  readonly dir: Direction;
  readonly push: boolean;
}

const LETTER: Readonly<Record<Direction, string>> = { left: 'l', up: 'u', right: 'r', down: 'd' };
const FROM_LETTER: Readonly<Record<string, Direction>> = { l: 'left', u: 'up', r: 'right', d: 'down' };

/** Reads a LURD string such as `rrDLu` into steps; throws on any other character. */
export function parseLurd(lurd: string): LurdStep[] {
  return [...lurd].map((ch) => {
    const dir = FROM_LETTER[ch.toLowerCase()];
    if (!dir) throw new Error(`Not a LURD character: ${ch}`);
    return { dir, push: ch !== ch.toLowerCase() };
  });
}

/** Writes one step as its LURD letter. */
export function lurdLetter(step: LurdStep): string {
  const letter = LETTER[step.dir];
  return step.push ? letter.toUpperCase() : letter;
}
