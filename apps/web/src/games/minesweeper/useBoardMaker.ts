import { useCallback, useEffect, useRef } from 'react';
import type { Difficulty } from './logic.ts';
import type { BoardReply, BoardRequest } from './worker.ts';

/**
 * Starts the board worker for the lifetime of the component and returns `makeBoard`, which resolves with a
 * no-guess mine layout around the first click. Only the latest request counts: asking again, or `cancel`, abandons
 * earlier ones (their promises never settle).
 */
export function useBoardMaker(): {
  makeBoard: (level: Difficulty, first: number) => Promise<readonly boolean[]>;
  cancel: () => void;
} {
  const workerRef = useRef<Worker | null>(null);
  const pending = useRef<{ id: number; resolve: (mines: readonly boolean[]) => void } | null>(null);
  const nextId = useRef(1);

  useEffect(() => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<BoardReply>) => {
      const waiting = pending.current;
      if (waiting && waiting.id === event.data.id) {
        pending.current = null;
        waiting.resolve(event.data.mines);
      }
    };
    workerRef.current = worker;
    return () => {
      worker.terminate();
      workerRef.current = null;
      pending.current = null;
    };
  }, []);

  const makeBoard = useCallback((level: Difficulty, first: number) => {
    const id = nextId.current++;
    return new Promise<readonly boolean[]>((resolve) => {
      pending.current = { id, resolve };
      const request: BoardRequest = { id, level, first, seed: Math.floor(Math.random() * 2 ** 32) };
      workerRef.current?.postMessage(request);
    });
  }, []);

  const cancel = useCallback(() => {
    pending.current = null;
  }, []);

  return { makeBoard, cancel };
}
