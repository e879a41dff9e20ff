/**
 * Deep-zoom locations for the benchmark, as exact decimals: the nucleus of a
 * period-135 minibrot about 4e-101 across, 5e-51 from the Misiurewicz point i.
 * Found by a ball-period estimate at radius 1e-50 around i and Newton's method
 * in 440-bit BigInts; at 1e100 the minibrot is an eighth of the view's width.
 */
const MINIBROT_RE =
  '-0.00000000000000000000000000000000000000000000000000479435757707015710072540721226781901857406213346232957605527577196970584613';
const MINIBROT_IM =
  '1.00000000000000000000000000000000000000000000000000239232710040777072767144288694987204790790457545609581646388560747771972020';

export interface DeepScene {
  readonly name: string;
  readonly re: string;
  readonly im: string;
  /** Magnification over the first view. */
  readonly zoom: number;
}

export const DEEP_SCENES: readonly DeepScene[] = [
  { name: 'a period-135 minibrot near i', re: MINIBROT_RE, im: MINIBROT_IM, zoom: 1e50 },
  { name: 'a period-135 minibrot near i', re: MINIBROT_RE, im: MINIBROT_IM, zoom: 1e100 },
];
