import { neighbours, type Difficulty } from './logic.ts';

/** A set of still unknown cells and how many mines it holds. */
interface Constraint {
  readonly cells: readonly number[];
  readonly mines: number;
  readonly key: string;
  alive: boolean;
}

/** Unions of constraints tried against the total mine count: at most 2^10, as a person would look at few. */
const MAX_GLOBAL_SETS = 10;

const UNKNOWN = -2;
const MINE = -1;

/**
 * Whether a person can clear the board from a first click on `start` by deduction alone, never guessing. It plays
 * the way Simon Tatham's Mines checks its boards: every opened number gives a set of unknown cells with a mine
 * count; a set with no mines or only mines settles its cells; two overlapping sets settle a wing when one has as
 * many extra mines as its wing has cells, and a set inside another splits the larger one's count; when all of that
 * is stuck, the total mine count settles the cells outside a disjoint union of sets that holds every remaining
 * mine, or none of them.
 */
export function solvesWithoutGuessing(level: Difficulty, mines: readonly boolean[], start: number): boolean {
  const size = level.cols * level.rows;
  const around = Array.from({ length: size }, (_, i) => neighbours(level, i));
  const known = new Int8Array(size).fill(UNKNOWN);
  const byCell = Array.from({ length: size }, () => new Set<Constraint>());
  const store = new Map<string, Constraint>();
  const todo: Constraint[] = [];
  const settled: number[] = [];
  let unknownCells = size;
  let minesLeft = level.mines;

  const settle = (cell: number, mine: boolean) => {
    if (known[cell] !== UNKNOWN) return;
    if (mine !== mines[cell]) throw new Error(`the solver deduced a wrong cell ${cell}`);
    unknownCells--;
    if (mine) {
      known[cell] = MINE;
      minesLeft--;
    } else {
      known[cell] = around[cell]!.filter((n) => mines[n]).length;
    }
    settled.push(cell);
  };

  const add = (cells: readonly number[], count: number) => {
    if (cells.length === 0) return;
    if (count === 0 || count === cells.length) {
      for (const cell of cells) settle(cell, count > 0);
      return;
    }
    const key = cells.join(',');
    if (store.has(key)) return;
    const constraint: Constraint = { cells, mines: count, key, alive: true };
    store.set(key, constraint);
    for (const cell of cells) byCell[cell]!.add(constraint);
    todo.push(constraint);
  };

  const remove = (constraint: Constraint) => {
    constraint.alive = false;
    store.delete(constraint.key);
    for (const cell of constraint.cells) byCell[cell]!.delete(constraint);
  };

  /** A newly known cell gives its own set (if opened) and leaves every set that held it. */
  const absorb = (cell: number) => {
    const value = known[cell]!;
    if (value >= 0) {
      const unknown = around[cell]!.filter((n) => known[n] === UNKNOWN);
      const flagged = around[cell]!.filter((n) => known[n] === MINE).length;
      add(unknown, value - flagged);
    }
    for (const constraint of [...byCell[cell]!]) {
      remove(constraint);
      add(
        constraint.cells.filter((c) => c !== cell),
        constraint.mines - (value === MINE ? 1 : 0),
      );
    }
  };

  const compare = (a: Constraint, b: Constraint) => {
    const inB = new Set(b.cells);
    const inA = new Set(a.cells);
    const onlyA = a.cells.filter((c) => !inB.has(c));
    const onlyB = b.cells.filter((c) => !inA.has(c));
    if (onlyA.length === a.mines - b.mines || onlyB.length === b.mines - a.mines) {
      const aWingMines = onlyA.length === a.mines - b.mines;
      for (const cell of onlyA) settle(cell, aWingMines);
      for (const cell of onlyB) settle(cell, !aWingMines);
    } else if (onlyA.length === 0) {
      add(onlyB, b.mines - a.mines);
    } else if (onlyB.length === 0) {
      add(onlyA, a.mines - b.mines);
    }
  };

  const deduceFrom = (constraint: Constraint) => {
    const others = new Set<Constraint>();
    for (const cell of constraint.cells) for (const other of byCell[cell]!) others.add(other);
    others.delete(constraint);
    for (const other of others) compare(constraint, other);
  };

  /** The total mine count: cells outside a disjoint union of sets are all safe or all mines. */
  const deduceFromTotal = (): boolean => {
    if (minesLeft === 0 || minesLeft === unknownCells) {
      for (let cell = 0; cell < size; cell++) if (known[cell] === UNKNOWN) settle(cell, minesLeft > 0);
      return true;
    }
    const sets = [...store.values()];
    if (sets.length > MAX_GLOBAL_SETS) return false;
    for (let mask = 1; mask < 1 << sets.length; mask++) {
      const used = new Set<number>();
      let count = 0;
      let disjoint = true;
      sets.forEach((set, i) => {
        if (!disjoint || !(mask & (1 << i))) return;
        for (const cell of set.cells) {
          if (used.has(cell)) disjoint = false;
          used.add(cell);
        }
        count += set.mines;
      });
      const outside = unknownCells - used.size;
      const rest = minesLeft - count;
      if (!disjoint || outside === 0 || (rest !== 0 && rest !== outside)) continue;
      for (let cell = 0; cell < size; cell++) {
        if (known[cell] === UNKNOWN && !used.has(cell)) settle(cell, rest > 0);
      }
      return true;
    }
    return false;
  };

  settle(start, false);
  for (;;) {
    const cell = settled.pop();
    if (cell !== undefined) {
      absorb(cell);
      continue;
    }
    const constraint = todo.pop();
    if (constraint !== undefined) {
      if (constraint.alive) deduceFrom(constraint);
      continue;
    }
    if (unknownCells === 0) return true;
    if (!deduceFromTotal()) return false;
  }
}
