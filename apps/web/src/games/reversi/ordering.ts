import { flips, lowestBit, moves, out, popcount } from './bits.ts';

/** Low half of the single-square set, per square. */
export const LO_BIT: Int32Array = Int32Array.from({ length: 64 }, (_, sq) => (sq < 32 ? 1 << sq : 0));
/** High half of the single-square set, per square. */
export const HI_BIT: Int32Array = Int32Array.from({ length: 64 }, (_, sq) => (sq < 32 ? 0 : 1 << (sq - 32)));

/**
 * Static worth of each square for trying moves early: corners first, then edges and the centre, squares that
 * give a corner away last.
 */
// prettier-ignore
export const SQUARE_VALUE: Int32Array = Int32Array.from([
  100, -20,  20,  10,  10,  20, -20, 100,
  -20, -50,  -2,  -2,  -2,  -2, -50, -20,
   20,  -2,   5,   1,   1,   5,  -2,  20,
   10,  -2,   1,   0,   0,   1,  -2,  10,
   10,  -2,   1,   0,   0,   1,  -2,  10,
   20,  -2,   5,   1,   1,   5,  -2,  20,
  -20, -50,  -2,  -2,  -2,  -2, -50, -20,
  100, -20,  20,  10,  10,  20, -20, 100,
]);

/** Largest number of legal moves kept per ply (no reachable position has more than 33). */
export const WIDTH = 40;
/** Deepest ply a search reaches. */
export const MAX_PLY = 70;

/** Per-ply move lists and their ordering keys, reused so that searching allocates nothing. */
export const moveBuf = new Int32Array(MAX_PLY * WIDTH);
const keyBuf = new Int32Array(MAX_PLY * WIDTH);

/**
 * Writes the moves of set (ml, mh) into the ply's slice of {@link moveBuf}, best first, and returns how many.
 * `preferred` (a hash move) goes first. With `byMobility`, moves that leave the opponent fewer replies come
 * earlier ("fastest first"), which prunes far better than static weights but costs a move generation each.
 */
export function orderMoves(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  ml: number,
  mh: number,
  ply: number,
  preferred: number,
  byMobility: boolean,
): number {
  const base = ply * WIDTH;
  let n = 0;
  for (let half = 0; half < 2; half++) {
    for (let x = half === 0 ? ml : mh; x !== 0; x &= x - 1) {
      const sq = lowestBit(x) + half * 32;
      let key = SQUARE_VALUE[sq]!;
      if (sq === preferred) key = 1 << 20;
      else if (byMobility) {
        flips(pl, ph, ol, oh, sq);
        const fl = out.lo;
        const fh = out.hi;
        moves(ol & ~fl, oh & ~fh, pl | fl | LO_BIT[sq]!, ph | fh | HI_BIT[sq]!);
        key -= popcount(out.lo, out.hi) * 40;
      }
      let j = base + n;
      while (j > base && keyBuf[j - 1]! < key) {
        keyBuf[j] = keyBuf[j - 1]!;
        moveBuf[j] = moveBuf[j - 1]!;
        j--;
      }
      keyBuf[j] = key;
      moveBuf[j] = sq;
      n++;
    }
  }
  return n;
}
