import { discAt, initialPosition, legalMoves, parsePosition, play, score, type Position } from './rules.ts';

/** Test support: positions reached by random play, and board symmetries. Not used by the game itself. */

/** Plays uniformly random legal moves from the start until at most `empties` squares are empty (or the game ends). */
export function randomPosition(rng: () => number, empties: number): { position: Position; over: boolean } {
  let position = initialPosition();
  for (;;) {
    const { black, white } = score(position);
    if (64 - black - white <= empties) return { position, over: false };
    const options = legalMoves(position);
    const result = play(position, options[Math.floor(rng() * options.length)]!);
    position = result.position;
    if (result.gameOver) return { position, over: true };
  }
}

/** The 8 rotations and reflections of the board, as maps from (row, col) to (row, col). */
export const SYMMETRIES: readonly ((r: number, c: number) => [number, number])[] = [
  (r, c) => [r, c],
  (r, c) => [c, 7 - r],
  (r, c) => [7 - r, 7 - c],
  (r, c) => [7 - c, r],
  (r, c) => [r, 7 - c],
  (r, c) => [7 - r, c],
  (r, c) => [c, r],
  (r, c) => [7 - c, 7 - r],
];

/** The position transformed by one of {@link SYMMETRIES}. */
export function transform(position: Position, map: (r: number, c: number) => [number, number]): Position {
  const rows = Array.from({ length: 8 }, () => Array<string>(8).fill('.'));
  for (let sq = 0; sq < 64; sq++) {
    const [r, c] = map(sq >> 3, sq & 7);
    const disc = discAt(position, sq);
    rows[r]![c] = disc === 'black' ? 'X' : disc === 'white' ? 'O' : '.';
  }
  return parsePosition(
    rows.map((row) => row.join('')),
    position.toMove,
  );
}

/** Exact final margin for black with perfect play, by plain minimax (slow; for checking the solver only). */
export function bruteForceMargin(position: Position): number {
  const options = legalMoves(position);
  if (options.length === 0) return finalMargin(position);
  const values = options.map((sq) => {
    const result = play(position, sq);
    return result.gameOver ? finalMargin(result.position) : bruteForceMargin(result.position);
  });
  return position.toMove === 'black' ? Math.max(...values) : Math.min(...values);
}

function finalMargin(position: Position): number {
  const { black, white } = score(position);
  const empties = 64 - black - white;
  if (black > white) return black - white + empties;
  if (black < white) return black - white - empties;
  return 0;
}

/**
 * The move a greedy player makes: the one that turns over the most discs, ties broken by `rng`. A classic
 * yardstick for a beginner's level: it grabs discs and knows nothing about corners or mobility.
 */
export function greedyMove(position: Position, rng: () => number): number {
  let best: number[] = [];
  let most = 0;
  for (const sq of legalMoves(position)) {
    const n = play(position, sq).flipped.length;
    if (n > most) {
      most = n;
      best = [sq];
    } else if (n === most) best.push(sq);
  }
  return best[Math.floor(rng() * best.length)]!;
}

const CORNERS = [0, 7, 56, 63];

/**
 * Whether playing `sq` hands the opponent a corner: afterwards the opponent may take a corner it could not
 * take before (the beginner's mistake of playing next to an empty corner).
 */
export function handsOverCorner(position: Position, sq: number): boolean {
  const them = position.toMove === 'black' ? 'white' : 'black';
  const before = new Set(legalMoves(position, them).filter((c) => CORNERS.includes(c)));
  const after = play(position, sq).position;
  return legalMoves(after, them).some((c) => CORNERS.includes(c) && !before.has(c));
}
