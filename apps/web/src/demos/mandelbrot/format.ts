import { fixedToDecimal } from './fixed.ts';
import { scaleLog2, zoomLog2, type View } from './view.ts';

/** Decimal places that still tell neighbouring pixels apart at a pixel size of 2^scaleLog2 (at least 6). */
export function digitsFor(scaleLog2: number): number {
  return Math.max(6, Math.ceil(-scaleLog2 * Math.log10(2)) + 1);
}

/** The view centre as `a + bi` / `a − bi` with as many digits as the zoom warrants, from the exact centre. */
export function formatCentre(view: View): string {
  const digits = digitsFor(scaleLog2(view));
  const re = fixedToDecimal(view.re, view.bits, digits).replace('-', '−');
  const im = fixedToDecimal(view.im < 0n ? -view.im : view.im, view.bits, digits);
  const sign = view.im < 0n && /[1-9]/.test(im) ? '−' : '+';
  return `${re} ${sign} ${im}i`;
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
