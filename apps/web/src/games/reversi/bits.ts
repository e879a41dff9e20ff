/**
 * 64-square bitboards held as two signed 32-bit halves, because BigInt arithmetic is far too slow for search.
 * Square s = row * 8 + col (row 0 at the top, col 0 on the left). `lo` holds squares 0..31, `hi` 32..63.
 * Functions that produce a 64-bit set write it into {@link out} instead of allocating a result object.
 */

/** Result register for functions that return a 64-bit set: read `out.lo` / `out.hi` straight after the call. */
export const out = { lo: 0, hi: 0 };

/** Squares not on column 0 or column 7, in each half: discs that can be flanked along a row or diagonal. */
const INNER_COLS = 0x7e7e7e7e;
/** Everything except column 0, in each half: the landing squares of an eastward shift. */
const NOT_COL0 = 0xfefefefe | 0;
/** Everything except column 7, in each half: the landing squares of a westward shift. */
const NOT_COL7 = 0x7f7f7f7f;

/** Number of set bits in a 32-bit word. */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Number of squares in a 64-bit set. */
export function popcount(lo: number, hi: number): number {
  return popcount32(lo) + popcount32(hi);
}

/** Whether square `sq` is in the set. */
export function has(lo: number, hi: number, sq: number): boolean {
  return sq < 32 ? ((lo >>> sq) & 1) === 1 : ((hi >>> (sq - 32)) & 1) === 1;
}

/** The lowest square of a non-zero 32-bit word, as a bit index 0..31. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** Squares of a 64-bit set, ascending. */
export function squaresOf(lo: number, hi: number): number[] {
  const result: number[] = [];
  for (let x = lo; x !== 0; x &= x - 1) result.push(lowestBit(x));
  for (let x = hi; x !== 0; x &= x - 1) result.push(32 + lowestBit(x));
  return result;
}

/** Low half of the single-square set {sq}. */
export function bitLo(sq: number): number {
  return sq < 32 ? 1 << sq : 0;
}

/** High half of the single-square set {sq}. */
export function bitHi(sq: number): number {
  return sq < 32 ? 0 : 1 << (sq - 32);
}

/** Flood from p through the masked opponent discs m towards higher squares by n, then one more step. */
function runUp(pl: number, ph: number, ml: number, mh: number, n: number): void {
  const k = 32 - n;
  let tl = (pl << n) & ml;
  let th = ((ph << n) | (pl >>> k)) & mh;
  for (let i = 0; i < 5; i++) {
    const nl = (tl << n) & ml;
    const nh = ((th << n) | (tl >>> k)) & mh;
    tl |= nl;
    th |= nh;
  }
  out.lo = tl << n;
  out.hi = (th << n) | (tl >>> k);
}

/** The same flood towards lower squares. */
function runDown(pl: number, ph: number, ml: number, mh: number, n: number): void {
  const k = 32 - n;
  let tl = ((pl >>> n) | (ph << k)) & ml;
  let th = (ph >>> n) & mh;
  for (let i = 0; i < 5; i++) {
    const nl = ((tl >>> n) | (th << k)) & ml;
    const nh = (th >>> n) & mh;
    tl |= nl;
    th |= nh;
  }
  out.lo = (tl >>> n) | (th << k);
  out.hi = th >>> n;
}

/**
 * Legal moves for the player owning p against the opponent owning o, written to {@link out}.
 * Uses a fill along each of the 8 directions; row and diagonal fills only cross opponent discs off the edge
 * columns, so nothing wraps from one row into the next.
 */
export function moves(pl: number, ph: number, ol: number, oh: number): void {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  const il = ol & INNER_COLS;
  const ih = oh & INNER_COLS;
  let rl = 0;
  let rh = 0;
  runUp(pl, ph, il, ih, 1);
  rl |= out.lo;
  rh |= out.hi;
  runUp(pl, ph, ol, oh, 8);
  rl |= out.lo;
  rh |= out.hi;
  runUp(pl, ph, il, ih, 7);
  rl |= out.lo;
  rh |= out.hi;
  runUp(pl, ph, il, ih, 9);
  rl |= out.lo;
  rh |= out.hi;
  runDown(pl, ph, il, ih, 1);
  rl |= out.lo;
  rh |= out.hi;
  runDown(pl, ph, ol, oh, 8);
  rl |= out.lo;
  rh |= out.hi;
  runDown(pl, ph, il, ih, 7);
  rl |= out.lo;
  rh |= out.hi;
  runDown(pl, ph, il, ih, 9);
  out.lo = (rl | out.lo) & el;
  out.hi = (rh | out.hi) & eh;
}

/** Row and column steps of the 8 directions. */
const DIRS: readonly (readonly [number, number])[] = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
];

/** For each square and direction, the squares along the ray, nearest first (flattened, -1 terminated). */
const RAYS: Int8Array = (() => {
  const rays = new Int8Array(64 * 8 * 8).fill(-1);
  for (let sq = 0; sq < 64; sq++) {
    DIRS.forEach(([dr, dc], d) => {
      let r = (sq >> 3) + dr;
      let c = (sq & 7) + dc;
      let i = 0;
      while (r >= 0 && r < 8 && c >= 0 && c < 8) {
        rays[(sq * 8 + d) * 8 + i] = r * 8 + c;
        i++;
        r += dr;
        c += dc;
      }
    });
  }
  return rays;
})();

/** Discs flipped when the owner of p plays on empty square sq against o, written to {@link out}; empty if illegal. */
export function flips(pl: number, ph: number, ol: number, oh: number, sq: number): void {
  let fl = 0;
  let fh = 0;
  const base = sq * 64;
  for (let d = 0; d < 8; d++) {
    let cl = 0;
    let ch = 0;
    for (let i = base + d * 8, end = i + 8; i < end; i++) {
      const s = RAYS[i]!;
      if (s < 0) break;
      if (s < 32) {
        const b = 1 << s;
        if ((ol & b) !== 0) cl |= b;
        else {
          if ((pl & b) !== 0) {
            fl |= cl;
            fh |= ch;
          }
          break;
        }
      } else {
        const b = 1 << (s - 32);
        if ((oh & b) !== 0) ch |= b;
        else {
          if ((ph & b) !== 0) {
            fl |= cl;
            fh |= ch;
          }
          break;
        }
      }
    }
  }
  out.lo = fl;
  out.hi = fh;
}

/** The 8 squares around each square of a set (the set itself excluded unless adjacent), written to {@link out}. */
export function neighbours(l: number, h: number): void {
  const eastL = (l << 1) & NOT_COL0;
  const eastH = ((h << 1) | (l >>> 31)) & NOT_COL0;
  const westL = ((l >>> 1) | (h << 31)) & NOT_COL7;
  const westH = (h >>> 1) & NOT_COL7;
  const rowL = l | eastL | westL;
  const rowH = h | eastH | westH;
  out.lo = (rowL | (rowL << 8) | (rowL >>> 8) | (rowH << 24)) & ~l;
  out.hi = (rowH | (rowH << 8) | (rowH >>> 8) | (rowL >>> 24)) & ~h;
}

/** Shift a set one row up, written to {@link out}. */
function upRow(l: number, h: number): void {
  out.lo = (l >>> 8) | (h << 24);
  out.hi = h >>> 8;
}

/** Shift a set one row down, written to {@link out}. */
function downRow(l: number, h: number): void {
  out.lo = l << 8;
  out.hi = (h << 8) | (l >>> 24);
}

/** Squares on the board edge, per half. */
const EDGE_LO = 0x818181ff | 0;
const EDGE_HI = 0xff818181 | 0;
const COL_EDGES = 0x81818181 | 0;

/**
 * Discs of p that can never be flipped, by a sound (conservative) rule: a disc is stable when, along each of the
 * four lines through it, a neighbour is the board edge or an own stable disc. Grows from the corners; result in
 * {@link out}.
 */
export function stableDiscs(pl: number, ph: number): void {
  let sl = pl & 0x81;
  let sh = ph & (0x81000000 | 0);
  if (sl === 0 && sh === 0) {
    out.lo = 0;
    out.hi = 0;
    return;
  }
  for (;;) {
    const eastL = (sl << 1) & NOT_COL0;
    const eastH = ((sh << 1) | (sl >>> 31)) & NOT_COL0;
    const westL = ((sl >>> 1) | (sh << 31)) & NOT_COL7;
    const westH = (sh >>> 1) & NOT_COL7;
    upRow(sl, sh);
    const upL = out.lo;
    const upH = out.hi;
    downRow(sl, sh);
    const downL = out.lo;
    const downH = out.hi;
    const horizL = eastL | westL | COL_EDGES;
    const horizH = eastH | westH | COL_EDGES;
    const vertL = upL | downL | 0xff;
    const vertH = upH | downH | (0xff000000 | 0);
    upRow(eastL, eastH);
    const ueL = out.lo;
    const ueH = out.hi;
    downRow(westL, westH);
    const diag1L = ueL | out.lo | EDGE_LO;
    const diag1H = ueH | out.hi | EDGE_HI;
    upRow(westL, westH);
    const uwL = out.lo;
    const uwH = out.hi;
    downRow(eastL, eastH);
    const diag2L = uwL | out.lo | EDGE_LO;
    const diag2H = uwH | out.hi | EDGE_HI;
    const nl = sl | (pl & horizL & vertL & diag1L & diag2L);
    const nh = sh | (ph & horizH & vertH & diag1H & diag2H);
    if (nl === sl && nh === sh) break;
    sl = nl;
    sh = nh;
  }
  out.lo = sl;
  out.hi = sh;
}
