import { seededRandom } from '../rng.ts';
import type { Difficulty } from './logic.ts';
import { placeMinesWithoutGuessing } from './no-guess.ts';

/** Page -> worker: lay mines for `level` that a person can clear from `first` without guessing. */
export interface BoardRequest {
  readonly id: number;
  readonly level: Difficulty;
  readonly first: number;
  readonly seed: number;
}

/** Worker -> page: the mine layout for request `id`. */
export interface BoardReply {
  readonly id: number;
  readonly mines: readonly boolean[];
}

/** Boards are drawn and solved here, off the page's main thread: an unlucky expert board takes a few dozen tries. */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<BoardRequest>) => {
  const { id, level, first, seed } = event.data;
  const reply: BoardReply = { id, mines: placeMinesWithoutGuessing(level, first, seededRandom(seed)) };
  scope.postMessage(reply);
};
