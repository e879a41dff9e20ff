import type { View } from './view.ts';

/** Decimal places that still tell neighbouring pixels apart at this scale (at least 6). */
export function digitsFor(scale: number): number {
  return Math.min(17, Math.max(6, Math.ceil(-Math.log10(scale)) + 1));
}

/** The view centre as `a + bi` / `a − bi` with as many digits as the zoom warrants. */
export function formatCentre(view: View): string {
  const digits = digitsFor(view.scale);
  const re = view.centerRe.toFixed(digits).replace('-', '−');
  const sign = view.centerIm < 0 ? '−' : '+';
  return `${re} ${sign} ${Math.abs(view.centerIm).toFixed(digits)}i`;
}

/** A magnification like `1×`, `37.5×`, `2,048×` or `3.1e+9×`. */
export function formatZoom(zoom: number): string {
  if (zoom >= 1e7) return `${zoom.toExponential(1)}×`;
  const rounded = zoom < 100 ? Math.round(zoom * 10) / 10 : Math.round(zoom);
  return `${rounded.toLocaleString('en-US')}×`;
}
