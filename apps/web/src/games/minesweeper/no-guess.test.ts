import { describe, expect, it } from 'vitest';
import { seededRandom } from '../rng.ts';
import { LEVELS, neighbours, placeMines, type Difficulty, type LevelName } from './logic.ts';
import { placeMinesWithoutGuessing } from './no-guess.ts';
import { solvesWithoutGuessing } from './solver.ts';

const UNKNOWN = -2;
const MINE = -1;

/** For each total of mines a frontier component can hold: which of its cells can be a mine, and which safe. */
type Options = Map<number, { canMine: boolean[]; canBeSafe: boolean[] }>;

/** Every assignment of mines to `cells` that meets every number in `rules`, grouped by its total. */
function enumerate(cells: number[], rules: { cells: number[]; need: number }[]): Options {
  const position = new Map(cells.map((c, i) => [c, i]));
  const rulesOf = cells.map(() => [] as number[]);
  rules.forEach((rule, r) => rule.cells.forEach((c) => rulesOf[position.get(c)!]!.push(r)));
  const placed = rules.map(() => 0);
  const open = rules.map((rule) => rule.cells.length);
  const assignment = cells.map(() => false);
  const options: Options = new Map();
  const visit = (i: number, total: number) => {
    if (i === cells.length) {
      let entry = options.get(total);
      if (!entry)
        options.set(total, (entry = { canMine: cells.map(() => false), canBeSafe: cells.map(() => false) }));
      assignment.forEach((mine, k) => (mine ? (entry.canMine[k] = true) : (entry.canBeSafe[k] = true)));
      return;
    }
    for (const mine of [false, true]) {
      let fits = true;
      for (const r of rulesOf[i]!) {
        placed[r]! += mine ? 1 : 0;
        open[r]!--;
        if (placed[r]! > rules[r]!.need || placed[r]! + open[r]! < rules[r]!.need) fits = false;
      }
      assignment[i] = mine;
      if (fits) visit(i + 1, total + (mine ? 1 : 0));
      for (const r of rulesOf[i]!) {
        placed[r]! -= mine ? 1 : 0;
        open[r]!++;
      }
    }
  };
  visit(0, 0);
  return options;
}

/** Sums reachable by taking one total from each of the given components. */
function sums(components: Options[]): Set<number> {
  let reachable = new Set([0]);
  for (const options of components) {
    const next = new Set<number>();
    for (const s of reachable) for (const k of options.keys()) next.add(s + k);
    reachable = next;
  }
  return reachable;
}

/**
 * An independent, complete check: at each step it settles every cell that is the same in all mine layouts
 * consistent with the opened numbers and the total (found by enumerating each frontier component), and opens the
 * safe ones. It answers whether that clears the board, i.e. whether any guess was ever needed.
 */
function clearsByCompleteReasoning(level: Difficulty, mines: readonly boolean[], start: number): boolean {
  const size = level.cols * level.rows;
  const known = new Array<number>(size).fill(UNKNOWN);
  const settle = (cell: number, mine: boolean) => {
    expect(mines[cell], `cell ${cell} deduced wrongly`).toBe(mine);
    known[cell] = mine ? MINE : neighbours(level, cell).filter((n) => mines[n]).length;
  };
  settle(start, false);
  for (;;) {
    const unknown = known.flatMap((v, i) => (v === UNKNOWN ? [i] : []));
    if (unknown.length === 0) return true;
    const minesLeft = level.mines - known.filter((v) => v === MINE).length;
    const rules = known.flatMap((v, i) => {
      if (v < 0) return [];
      const cells = neighbours(level, i).filter((n) => known[n] === UNKNOWN);
      const need = v - neighbours(level, i).filter((n) => known[n] === MINE).length;
      return cells.length > 0 ? [{ cells, need }] : [];
    });
    // The plain rules first, only to save time: the enumeration below settles these cells too.
    const plain = rules.filter((rule) => rule.need === 0 || rule.need === rule.cells.length);
    for (const rule of plain) for (const cell of rule.cells) settle(cell, rule.need > 0);
    if (plain.length > 0) continue;
    const group = new Map<number, number>();
    const find = (c: number): number => (group.get(c) === c ? c : find(group.get(c)!));
    for (const rule of rules) for (const c of rule.cells) if (!group.has(c)) group.set(c, c);
    for (const rule of rules) for (const c of rule.cells) group.set(find(c), find(rule.cells[0]!));
    const roots = [...new Set([...group.keys()].map(find))];
    const components = roots.map((root) => {
      const cells = [...group.keys()].filter((c) => find(c) === root);
      return {
        cells,
        options: enumerate(
          cells,
          rules.filter((r) => find(r.cells[0]!) === root),
        ),
      };
    });
    const interior = unknown.filter((c) => !group.has(c));
    const fits = (others: Set<number>, k: number) =>
      [...others].some((s) => minesLeft - s - k >= 0 && minesLeft - s - k <= interior.length);
    let progress = false;
    components.forEach(({ cells, options }, j) => {
      const others = sums(components.filter((_, i) => i !== j).map((c) => c.options));
      const feasible = [...options.entries()].filter(([k]) => fits(others, k)).map(([, o]) => o);
      cells.forEach((cell, i) => {
        const canMine = feasible.some((o) => o.canMine[i]);
        const canBeSafe = feasible.some((o) => o.canBeSafe[i]);
        if (canMine !== canBeSafe) {
          settle(cell, canMine);
          progress = true;
        }
      });
    });
    const interiorMines = [...sums(components.map((c) => c.options))]
      .map((s) => minesLeft - s)
      .filter((x) => x >= 0 && x <= interior.length);
    if (interior.length > 0 && interiorMines.every((x) => x === 0 || x === interior.length)) {
      const mine = interiorMines[0] === interior.length;
      if (interiorMines.every((x) => x === interiorMines[0])) {
        for (const cell of interior) settle(cell, mine);
        progress = true;
      }
    }
    if (!progress) return false;
  }
}

const BOARDS = 200;

describe('boards that never need a guess', () => {
  for (const name of Object.keys(LEVELS) as LevelName[]) {
    const level = LEVELS[name];
    it(`${name}: ${BOARDS} boards are cleared from the first click by complete reasoning, without a guess`, () => {
      const random = seededRandom(34);
      for (let board = 0; board < BOARDS; board++) {
        const first = Math.floor(random() * level.cols * level.rows);
        const mines = placeMinesWithoutGuessing(level, first, random);
        expect(mines.filter(Boolean)).toHaveLength(level.mines);
        for (const cell of [first, ...neighbours(level, first)]) expect(mines[cell]).toBe(false);
        expect(clearsByCompleteReasoning(level, mines, first)).toBe(true);
      }
    });
  }

  it('the check above is not a formality: it finds boards that need a guess among plain random ones', () => {
    const random = seededRandom(7);
    const level = LEVELS.expert;
    const needGuess = Array.from({ length: 20 }, () => placeMines(level, 0, random)).filter(
      (mines) => !clearsByCompleteReasoning(level, mines, 0),
    );
    expect(needGuess.length).toBeGreaterThan(5);
  });

  it('the solver refuses a board with a 50/50 that no reasoning can settle', () => {
    // The one mine of a 4x2 board is in one of its last two cells, and every number that sees one sees both.
    const level = { cols: 4, rows: 2, mines: 1 };
    const mines = [false, false, false, true, false, false, false, false];
    expect(solvesWithoutGuessing(level, mines, 0)).toBe(false);
    expect(clearsByCompleteReasoning(level, mines, 0)).toBe(false);
  });

  it('the solver uses the total mine count once the local rules are stuck', () => {
    // A 4x1 strip with its one mine third: no number sees the last cell, only the total says it is safe.
    const level = { cols: 4, rows: 1, mines: 1 };
    expect(solvesWithoutGuessing(level, [false, false, true, false], 0)).toBe(true);
    expect(solvesWithoutGuessing({ ...level, mines: 2 }, [false, false, true, true], 0)).toBe(true);
  });
});
