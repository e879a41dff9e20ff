import { fixedToDecimal } from './fixed.ts';
import { scaleOf, type View } from './view.ts';

/** Decimal places that still tell neighbouring pixels apart at this pixel size (at least 6). */
export function digitsFor(scale: number): number {
  return Math.max(6, Math.ceil(-Math.log10(scale)) + 1);
}

/** The view centre as `a + bi` / `a − bi` with as many digits as the zoom warrants, from the exact centre. */
export function formatCentre(view: View): string {
  const digits = digitsFor(scaleOf(view));
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
