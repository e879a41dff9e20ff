import type { Program, Result } from './program.ts';

/** The longest word the page will draw. */
export const MAX_SYMBOLS = 2_000_000;
/**
 * Symbols written over all iterations, as a multiple of the symbol limit. A
 * growing program stays well under this (about twice its final length); it
 * stops programs that rewrite a long word many times without growing it.
 */
const WORK_FACTOR = 5;

/**
 * Rewrites the axiom `iterations` times, every symbol at once. The length is
 * checked after every symbol written, so a program that explodes fails within
 * the limit instead of freezing the page.
 */
export function expand(
  program: Program,
  iterations: number,
  maxSymbols: number = MAX_SYMBOLS,
): Result<string> {
  const tooLong = (n: number): Result<never> => ({
    ok: false,
    error: `Too much to draw: after ${n} ${n === 1 ? 'iteration' : 'iterations'} the word would pass ${maxSymbols.toLocaleString('en-US')} symbols. Use fewer iterations.`,
  });
  if (program.axiom.length > maxSymbols) return tooLong(0);
  let word = program.axiom;
  let work = 0;
  for (let n = 1; n <= iterations; n++) {
    const parts: string[] = [];
    let length = 0;
    for (let i = 0; i < word.length; i++) {
      const symbol = word[i] as string;
      const successor = program.rules.get(symbol) ?? symbol;
      length += successor.length;
      if (length > maxSymbols) return tooLong(n);
      parts.push(successor);
    }
    work += length;
    if (work > WORK_FACTOR * maxSymbols) {
      return {
        ok: false,
        error:
          'Too much to compute: this many iterations of so long a word would take too long. Use fewer iterations.',
      };
    }
    const next = parts.join('');
    if (next === word) break;
    word = next;
  }
  return { ok: true, value: word };
}
