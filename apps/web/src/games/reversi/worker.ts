import { chooseMove, LEVELS, type Level } from './ai.ts';
import type { Position } from './rules.ts';

/** Page -> worker: choose a move in `position` (its side to move) at strength `level`. */
export interface ThinkRequest {
  readonly id: number;
  readonly position: Position;
  readonly level: Level;
}

/** Worker -> page: the chosen square for request `id`. */
export interface ThinkReply {
  readonly id: number;
  readonly move: number;
}

/** The search runs here, off the page's main thread, so a 600 ms think never freezes the board. */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ThinkRequest>) => {
  const { id, position, level } = event.data;
  const { move } = chooseMove(position, LEVELS[level]);
  const reply: ThinkReply = { id, move };
  scope.postMessage(reply);
};
