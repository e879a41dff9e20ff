import {
  initialPosition,
  play,
  score,
  type Color,
  type Position,
} from '../../apps/web/src/games/reversi/rules.ts';

/** A player: given the position (its side to move), the square it plays. */
export type Player = (position: Position) => Promise<number> | number;

/** How one game ended, seen from the first player ("ours"). */
export interface GameResult {
  readonly ours: Color;
  /** Our discs minus theirs at the end (empty squares not counted). */
  readonly margin: number;
  /** Milliseconds our player took on its slowest move. */
  readonly slowestMs: number;
  /** Our moves and their total thinking time, for the mean. */
  readonly moves: number;
  readonly totalMs: number;
}

/** Who chose a move. */
export type MoveSource = 'opening' | 'ours' | 'theirs';

/**
 * Plays the opening's moves, then lets `ours` (with colour `oursColor`) and `theirs` alternate until the game
 * ends. `onMove` hears every move and who chose it (to keep an engine's board in step).
 */
export async function playGame(
  opening: readonly number[],
  oursColor: Color,
  ours: Player,
  theirs: Player,
  onMove: (mover: Color, sq: number, source: MoveSource) => Promise<void> | void,
): Promise<GameResult> {
  let position = initialPosition();
  let over = false;
  for (const sq of opening) {
    await onMove(position.toMove, sq, 'opening');
    const result = play(position, sq);
    position = result.position;
    over = result.gameOver;
  }
  let slowestMs = 0;
  let totalMs = 0;
  let moves = 0;
  while (!over) {
    const mover = position.toMove;
    let sq: number;
    if (mover === oursColor) {
      const started = performance.now();
      sq = await ours(position);
      const took = performance.now() - started;
      slowestMs = Math.max(slowestMs, took);
      totalMs += took;
      moves++;
    } else {
      sq = await theirs(position);
    }
    await onMove(mover, sq, mover === oursColor ? 'ours' : 'theirs');
    const result = play(position, sq);
    position = result.position;
    over = result.gameOver;
  }
  const { black, white } = score(position);
  const margin = oursColor === 'black' ? black - white : white - black;
  return { ours: oursColor, margin, slowestMs, moves, totalMs };
}

/** Wins, losses and draws of a set of games, their total disc margin, and the timing of our moves. */
export function summarize(label: string, results: readonly GameResult[]): string {
  const wins = results.filter((r) => r.margin > 0).length;
  const losses = results.filter((r) => r.margin < 0).length;
  const draws = results.length - wins - losses;
  const margin = results.reduce((sum, r) => sum + r.margin, 0);
  const moves = results.reduce((sum, r) => sum + r.moves, 0);
  const totalMs = results.reduce((sum, r) => sum + r.totalMs, 0);
  const slowest = Math.max(0, ...results.map((r) => r.slowestMs));
  return (
    `${label}: ${wins} wins, ${losses} losses, ${draws} draws in ${results.length} games; ` +
    `disc difference ${margin >= 0 ? '+' : ''}${margin} (${(margin / Math.max(1, results.length)).toFixed(1)} a game); ` +
    `our moves ${(totalMs / Math.max(1, moves)).toFixed(0)} ms mean, ${slowest.toFixed(0)} ms slowest`
  );
}
