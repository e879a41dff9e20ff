/** The outcome of a step that can fail with a message for the user. */
export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** A parsed L-system: start word, one rewriting rule per symbol, and turtle angles in degrees. */
export interface Program {
  readonly axiom: string;
  /** Successor for each symbol that has a rule; other symbols are copied unchanged. */
  readonly rules: ReadonlyMap<string, string>;
  /** Turn per + or −, in degrees. */
  readonly angle: number;
  /** Direction the turtle starts in, in degrees anticlockwise from the positive x axis (90 is up). */
  readonly heading: number;
}

/** The editor's fields as typed. */
export interface ProgramText {
  readonly axiom: string;
  /** One rule per line, like `F=F+F-F`; blank lines are ignored. */
  readonly rules: string;
  readonly angle: string;
  readonly heading: string;
}

/** Most iterations the counter accepts; the symbol limit usually stops a program long before. */
export const MAX_ITERATIONS = 50;

const fail = (error: string): Result<never> => ({ ok: false, error });

function balanced(word: string): boolean {
  let depth = 0;
  for (const symbol of word) {
    if (symbol === '[') depth++;
    else if (symbol === ']' && --depth < 0) return false;
  }
  return depth === 0;
}

function parseDegrees(text: string, what: string): Result<number> {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value))
    return fail(`The ${what} must be a number of degrees, like 90 or 25.7.`);
  return { ok: true, value };
}

/** `F=…`, `F->…` or `F→…`; the symbol is one UTF-16 unit, as expansion reads the word unit by unit. */
const RULE = /^(\S)\s*(?:=|->|→)(.*)$/;

/** Reads the editor fields, or says what is wrong with the first bad one. */
export function parseProgram(text: ProgramText): Result<Program> {
  const axiom = text.axiom.replace(/\s+/g, '');
  if (axiom === '') return fail('The axiom is empty: give the word to start from, like F.');
  if (!balanced(axiom)) return fail('The brackets in the axiom do not match.');

  const rules = new Map<string, string>();
  const lines = text.rules.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const match = RULE.exec(line);
    const lineName = `Rule line ${index + 1}`;
    if (!match)
      return fail(
        `${lineName} (“${line}”) is not a rule: write one symbol, =, then its replacement, like F=F+F-F.`,
      );
    const symbol = match[1] as string;
    const successor = (match[2] as string).replace(/\s+/g, '');
    if (symbol === '[' || symbol === ']') return fail(`${lineName}: brackets cannot be rewritten.`);
    if (rules.has(symbol)) return fail(`${lineName}: ${symbol} already has a rule.`);
    if (!balanced(successor))
      return fail(`${lineName}: the brackets in the rule for ${symbol} do not match.`);
    rules.set(symbol, successor);
  }

  const angle = parseDegrees(text.angle, 'angle');
  if (!angle.ok) return angle;
  const heading = parseDegrees(text.heading, 'start heading');
  if (!heading.ok) return heading;
  return { ok: true, value: { axiom, rules, angle: angle.value, heading: heading.value } };
}

/** Reads the iterations counter: a whole number from 1 to {@link MAX_ITERATIONS}. */
export function parseIterations(text: string): Result<number> {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value) || value < 1 || value > MAX_ITERATIONS) {
    return fail(`Iterations must be a whole number from 1 to ${MAX_ITERATIONS}.`);
  }
  return { ok: true, value };
}
