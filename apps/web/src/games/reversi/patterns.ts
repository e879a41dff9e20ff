/**
 * Board patterns for the learned evaluation: groups of squares (an edge, a corner block, a line, a diagonal)
 * whose contents, read as a base-3 number, index a table of learned values. Every shape appears at each of its
 * distinct places on the board (its rotations and reflections), all sharing the shape's table, so what is
 * learned about a corner holds for all four corners.
 */

/** One shape's squares in its first placement, as (row, col). */
const SHAPES: readonly (readonly (readonly [number, number])[])[] = [
  // edge
  [0, 1, 2, 3, 4, 5, 6, 7].map((c) => [0, c] as const),
  // 3x3 corner block
  [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => [r, c] as const)),
  // second, third and fourth lines
  [0, 1, 2, 3, 4, 5, 6, 7].map((c) => [1, c] as const),
  [0, 1, 2, 3, 4, 5, 6, 7].map((c) => [2, c] as const),
  [0, 1, 2, 3, 4, 5, 6, 7].map((c) => [3, c] as const),
  // diagonals of 8, 7, 6, 5 and 4 squares
  ...[0, 1, 2, 3, 4].map((shift) => Array.from({ length: 8 - shift }, (_, i) => [i, i + shift] as const)),
];

/** The 8 symmetries of the board, as maps of (row, col). */
const SYMMETRIES: readonly ((r: number, c: number) => readonly [number, number])[] = [
  (r, c) => [r, c],
  (r, c) => [c, 7 - r],
  (r, c) => [7 - r, 7 - c],
  (r, c) => [7 - c, r],
  (r, c) => [r, 7 - c],
  (r, c) => [7 - r, c],
  (r, c) => [c, r],
  (r, c) => [7 - c, 7 - r],
];

/** Entries in each shape's table: 3 to the number of its squares. */
export const SHAPE_SIZES: readonly number[] = SHAPES.map((shape) => 3 ** shape.length);
/** Where each shape's table starts within one phase's weights. */
export const SHAPE_OFFSETS: readonly number[] = SHAPE_SIZES.map((_, i) =>
  SHAPE_SIZES.slice(0, i).reduce((sum, n) => sum + n, 0),
);
/** Weights per phase: all shapes' tables end to end. */
export const PHASE_SIZE = SHAPE_SIZES.reduce((sum, n) => sum + n, 0);
/** Discs per unit of a stored pattern value (values are kept as signed bytes). */
export const PATTERN_UNIT = 0.25;
/** Game phases with their own weights, by number of discs on the board. */
export const PHASES = 3;

/** The phase of a position with `discs` discs on the board. */
export function phaseOf(discs: number): number {
  return Math.min(PHASES - 1, Math.floor((discs - 4) / 20));
}

interface Placement {
  readonly offset: number;
  readonly squares: readonly number[];
}

/** Every distinct placement of every shape (placements covering the same squares are kept once). */
function placements(): Placement[] {
  const result: Placement[] = [];
  SHAPES.forEach((shape, s) => {
    const seen = new Set<string>();
    for (const map of SYMMETRIES) {
      const squares = shape.map(([r, c]) => {
        const [mr, mc] = map(r, c);
        return mr * 8 + mc;
      });
      const key = [...squares].sort((a, b) => a - b).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      result.push({ offset: SHAPE_OFFSETS[s]!, squares });
    }
  });
  return result;
}

const PLACEMENTS = placements();
/** Number of placements: weights summed per position. */
export const PLACEMENT_COUNT = PLACEMENTS.length;
const PLACEMENT_OFFSET = Int32Array.from(PLACEMENTS, (p) => p.offset);
const PLACEMENT_START = Int32Array.from(
  PLACEMENTS.map((_, i) => PLACEMENTS.slice(0, i).reduce((sum, p) => sum + p.squares.length, 0)),
);
const PLACEMENT_LENGTH = Int32Array.from(PLACEMENTS, (p) => p.squares.length);
const PLACEMENT_SQUARES = Int32Array.from(PLACEMENTS.flatMap((p) => p.squares));

/** Per-square contents of the position being indexed: 0 empty, 1 side to move, 2 the other side. */
const cells = new Uint8Array(64);

/**
 * Writes into `indices` (one per placement) the weight index within a phase of each placement's contents, for
 * the position where the owner of p is to move.
 */
export function patternIndices(pl: number, ph: number, ol: number, oh: number, indices: Int32Array): void {
  for (let sq = 0; sq < 32; sq++) {
    cells[sq] = ((pl >>> sq) & 1) | (((ol >>> sq) & 1) << 1);
    cells[sq + 32] = ((ph >>> sq) & 1) | (((oh >>> sq) & 1) << 1);
  }
  for (let i = 0; i < PLACEMENT_COUNT; i++) {
    const start = PLACEMENT_START[i]!;
    let index = 0;
    for (let k = start + PLACEMENT_LENGTH[i]! - 1; k >= start; k--)
      index = index * 3 + cells[PLACEMENT_SQUARES[k]!]!;
    indices[i] = PLACEMENT_OFFSET[i]! + index;
  }
}
