/** Bound kinds stored with a value. */
export const EXACT = 0;
export const LOWER = 1;
export const UPPER = 2;

/** Marks "no move stored". */
export const NO_MOVE = 64;

const BITS = 18;
const SIZE = 1 << BITS;
const MASK = SIZE - 1;

/**
 * Transposition table: remembers, per position, a searched value with its depth and bound and the best move
 * found, so that iterative deepening can try the best move first and skip repeated work. Positions are verified
 * against all 128 bits, so a hash collision never returns a wrong entry.
 */
export class TranspositionTable {
  private readonly keys = new Int32Array(SIZE * 4);
  private readonly values = new Int32Array(SIZE);
  /** depth (bits 0-7) | bound (bits 8-9) | best move (bits 10-16) | used (bit 17) */
  private readonly meta = new Int32Array(SIZE);

  /** Slot of the entry found by the last successful {@link probe}. */
  private slot = 0;

  /** Forgets everything. */
  clear(): void {
    this.meta.fill(0);
  }

  private index(pl: number, ph: number, ol: number, oh: number): number {
    let h =
      Math.imul(pl ^ 0x2545f491, 0x9e3779b1) ^
      Math.imul(ph ^ 0x68e31da4, 0x85ebca77) ^
      Math.imul(ol ^ 0x1b873593, 0xc2b2ae3d) ^
      Math.imul(oh ^ 0x5bd1e995, 0x27d4eb2f);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    return h & MASK;
  }

  /** Looks a position up; true when it is stored, after which the getters describe it. */
  probe(pl: number, ph: number, ol: number, oh: number): boolean {
    const i = this.index(pl, ph, ol, oh);
    const k = i * 4;
    if (
      (this.meta[i]! & (1 << 17)) === 0 ||
      this.keys[k] !== pl ||
      this.keys[k + 1] !== ph ||
      this.keys[k + 2] !== ol ||
      this.keys[k + 3] !== oh
    ) {
      return false;
    }
    this.slot = i;
    return true;
  }

  /** Depth of the probed entry. */
  get depth(): number {
    return this.meta[this.slot]! & 0xff;
  }

  /** Bound kind of the probed entry. */
  get bound(): number {
    return (this.meta[this.slot]! >> 8) & 3;
  }

  /** Best move of the probed entry, or {@link NO_MOVE}. */
  get move(): number {
    return (this.meta[this.slot]! >> 10) & 0x7f;
  }

  /** Value of the probed entry. */
  get value(): number {
    return this.values[this.slot]!;
  }

  /** Stores a result, replacing whatever shared its slot. */
  store(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    depth: number,
    bound: number,
    move: number,
    value: number,
  ): void {
    const i = this.index(pl, ph, ol, oh);
    const k = i * 4;
    this.keys[k] = pl;
    this.keys[k + 1] = ph;
    this.keys[k + 2] = ol;
    this.keys[k + 3] = oh;
    this.values[i] = value;
    this.meta[i] = depth | (bound << 8) | (move << 10) | (1 << 17);
  }
}
