import { bitLength, decimalLog2, decimalToFixed, fixedToDecimal } from './fixed.ts';
import { DEFAULT_VIEW, MAX_SCALE, MIN_SCALE_LOG2, scaleLog2, viewFromDecimals, type View } from './view.ts';

/**
 * A view in the page's query string: `?re=…&im=…&px=…`, the centre and the width of one pixel as decimals with
 * just enough digits to give back the same fixed-point numbers, so that a link or a reload at any depth opens
 * exactly the view it was made from. The iteration budget follows from the pixel size (`maxIterationsFor`) and
 * there is one palette, so these three numbers are the whole picture.
 */

/** Longest decimal accepted: the centre of the deepest view needs about a third of its bits in digits. */
const MAX_DECIMAL_LENGTH = 8000;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d{1,5})?$/i;
/** No view's centre is further out than this: the whole set lies within |c| ≤ 2. */
const MAX_CENTRE = 8n;

/** The search string (with its `?`) for `view`; empty for the first view, whose address stays bare. */
export function viewToSearch(view: View): string {
  if (sameView(view, DEFAULT_VIEW)) return '';
  const params = new URLSearchParams({
    re: shortestDecimal(view.re, view.bits),
    im: shortestDecimal(view.im, view.bits),
    px: shortestScientific(view.scale, view.bits),
  });
  return `?${params.toString()}`;
}

/** The view a search string names, or undefined when it names none or one the explorer cannot show. */
export function viewFromSearch(search: string): View | undefined {
  const params = new URLSearchParams(search);
  const texts = [params.get('re'), params.get('im'), params.get('px')];
  if (!texts.every((text): text is string => text !== null && text.length <= MAX_DECIMAL_LENGTH))
    return undefined;
  if (!texts.every((text) => DECIMAL.test(text))) return undefined;
  const [re, im, px] = texts as [string, string, string];
  if (px.startsWith('-') || !/[1-9]/.test(px.replace(/e.*$/i, ''))) return undefined;
  // Checked before reading it, which takes time and memory growing with the depth.
  if (decimalLog2(px) < MIN_SCALE_LOG2 - 1) return undefined;
  const view = viewFromDecimals(re, im, px);
  const log2 = scaleLog2(view);
  if (log2 < MIN_SCALE_LOG2 - 0.01 || log2 > Math.log2(MAX_SCALE) + 0.01) return undefined;
  const limit = MAX_CENTRE << BigInt(view.bits);
  if (view.re > limit || -view.re > limit || view.im > limit || -view.im > limit) return undefined;
  return view;
}

/** Whether two views show the same picture. */
export function sameView(a: View, b: View): boolean {
  return a.re === b.re && a.im === b.im && a.scale === b.scale && a.bits === b.bits;
}

/** The fewest decimal places that read back as `x` at `bits` fraction bits, without trailing zeros. */
function shortestDecimal(x: bigint, bits: number): string {
  // Fewer places than this cannot tell apart neighbouring steps of 2^-bits; a value they happen to fit is found
  // all the same, as its trailing zeros are dropped.
  for (let places = Math.max(0, Math.floor(bits * Math.log10(2)) - 3); ; places++) {
    const text = fixedToDecimal(x, bits, places);
    if (decimalToFixed(text, bits) === x) return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  }
}

/** The positive `x` at `bits` fraction bits as `digits e-exponent`, with the fewest digits that read back as `x`. */
function shortestScientific(x: bigint, bits: number): string {
  // Decimal places before the first significant digit, give or take one.
  const zeros = Math.max(0, Math.floor((bits - bitLength(x)) * Math.log10(2)));
  for (let places = zeros + 1; ; places++) {
    const digits = fixedToDecimal(x, bits, places).replace('.', '').replace(/^0+/, '');
    const trailing = /0*$/.exec(digits)?.[0].length ?? 0;
    const text = `${digits.slice(0, digits.length - trailing) || '0'}e-${places - trailing}`;
    if (decimalToFixed(text, bits) === x) return text;
  }
}
