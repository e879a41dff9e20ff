import { useCallback, useEffect, useRef } from 'react';
import type { Level } from './ai.ts';
import type { Position } from './rules.ts';
import type { ThinkReply, ThinkRequest } from './worker.ts';

/**
 * Starts the search worker for the lifetime of the component and returns `think`, which resolves with the
 * computer's move. Only the latest request counts: asking again (or unmounting) abandons earlier ones.
 */
export function useComputer(): (position: Position, level: Level) => Promise<number> {
  const workerRef = useRef<Worker | null>(null);
  const pending = useRef<{ id: number; resolve: (move: number) => void } | null>(null);
  const nextId = useRef(1);

  useEffect(() => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ThinkReply>) => {
      const waiting = pending.current;
      if (waiting && waiting.id === event.data.id) {
        pending.current = null;
        waiting.resolve(event.data.move);
      }
    };
    workerRef.current = worker;
    return () => {
      worker.terminate();
      workerRef.current = null;
      pending.current = null;
    };
  }, []);

  return useCallback((position: Position, level: Level) => {
    const id = nextId.current++;
    return new Promise<number>((resolve) => {
      pending.current = { id, resolve };
      const request: ThinkRequest = { id, position, level };
      workerRef.current?.postMessage(request);
    });
  }, []);
}
