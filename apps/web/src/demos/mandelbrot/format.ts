import { fixedToDecimal } from './fixed.ts';
import { scaleLog2, zoomLog2, type View } from './view.ts';

/** Decimal places that still tell neighbouring pixels apart at a pixel size of 2^scaleLog2 (at least 6). */
export function digitsFor(scaleLog2: number): number {
  return Math.max(6, Math.ceil(-scaleLog2 * Math.log10(2)) + 1);
}

/** Up to this many decimal places a coordinate is written as it is, as at shallow zooms. */
const PLAIN_DIGITS = 20;
/** Significant digits after the point that the short form keeps of a longer coordinate. */
const SHORT_DIGITS = 20;
/** A coordinate this close to 0 (this many zeros after the point) is written as a power of ten. */
const ZEROS_FOR_POWER = 4;
/** Thin space: groups digits in fives as printed tables do, and lets a long number wrap between groups. */
const THIN = '\u2009';
const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A coordinate in the form a person reads: a short form for the page and the whole, both grouped. */
export interface ReadableNumber {
  readonly short: string;
  readonly full: string;
  /** Whether the short form leaves digits out. */
  readonly shortened: boolean;
}

function grouped(digits: string): string {
  return (digits.match(/.{1,5}/g) ?? []).join(THIN);
}

function superscript(n: number): string {
  const text = String(n).replace(/\d/g, (d) => SUPERSCRIPT[Number(d)] as string);
  return text.replace('-', '⁻');
}

/**
 * A decimal such as `-0.000…0003` or `0.74364388…` written to be read: up to {@link PLAIN_DIGITS} places as
 * it is; past that without trailing zeros (the digits left are still exact), as `m × 10⁻ⁿ` when it starts
 * with {@link ZEROS_FOR_POWER} or more zeros, its digits in groups of five, and a short form of the leading
 * {@link SHORT_DIGITS} digits beside the full one.
 */
export function readableDecimal(text: string): ReadableNumber {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const sign = negative ? '−' : '';
  const [whole = '0', fraction = ''] = body.split('.');
  if (fraction.length <= PLAIN_DIGITS) {
    const plain = sign + body;
    return { short: plain, full: plain, shortened: false };
  }
  const significant = fraction.replace(/0+$/, '');
  const zeros = /^0*/.exec(significant)?.[0].length ?? 0;
  let head = whole;
  let tail = significant;
  let power = '';
  if (whole === '0' && significant !== '' && zeros >= ZEROS_FOR_POWER) {
    head = significant.charAt(zeros);
    tail = significant.slice(zeros + 1);
    power = ` × 10${superscript(-(zeros + 1))}`;
  }
  const write = (digits: string) => sign + head + (digits ? `.${grouped(digits)}` : '') + power;
  const full = write(tail);
  if (tail.length <= SHORT_DIGITS) return { short: full, full, shortened: false };
  const short = sign + head + `.${grouped(tail.slice(0, SHORT_DIGITS))}…` + power;
  return { short, full, shortened: true };
}

/** The view's centre written for people: `a + bi` / `a − bi`, short and whole, and its decimal places. */
export interface CentreText {
  readonly short: string;
  /** Real and imaginary parts on lines of their own. */
  readonly full: string;
  readonly shortened: boolean;
  /** Decimal places the zoom needs to place the centre to a pixel. */
  readonly digits: number;
}

/** The view centre with as many digits as the zoom warrants, from the exact centre, in a readable form. */
export function centreText(view: View): CentreText {
  const digits = digitsFor(scaleLog2(view));
  const re = readableDecimal(fixedToDecimal(view.re, view.bits, digits));
  const imText = fixedToDecimal(view.im < 0n ? -view.im : view.im, view.bits, digits);
  const im = readableDecimal(imText);
  const sign = view.im < 0n && /[1-9]/.test(imText) ? '−' : '+';
  return {
    short: `${re.short} ${sign} ${im.short}i`,
    full: `${re.full}\n${sign} ${im.full}i`,
    shortened: re.shortened || im.shortened,
    digits,
  };
}

/** The view centre as `a + bi` / `a − bi` in the short form the read-out shows. */
export function formatCentre(view: View): string {
  return centreText(view).short;
}

/** A magnification like `1×`, `37.5×`, `2,048×` or `3.1e+9×`. */
export function formatZoom(zoom: number): string {
  if (zoom >= 1e7) return `${zoom.toExponential(1)}×`;
  const rounded = zoom < 100 ? Math.round(zoom * 10) / 10 : Math.round(zoom);
  return `${rounded.toLocaleString('en-US')}×`;
}

/** The view's magnification as {@link formatZoom} writes it, also past 1e308, where the number itself overflows. */
export function formatViewZoom(view: View): string {
  const log10 = zoomLog2(view) * Math.log10(2);
  if (log10 < 300) return formatZoom(10 ** log10);
  const exponent = Math.floor(log10);
  const mantissa = 10 ** (log10 - exponent);
  // 9.96 rounds up to the next power of ten.
  return mantissa >= 9.95 ? `1.0e+${exponent + 1}×` : `${mantissa.toFixed(1)}e+${exponent}×`;
}
