import { useEffect, type RefObject } from 'react';
import { drawSokoban } from './draw.ts';
import { isSolved } from './logic.ts';
import type { MotionStamp, Play } from './use-sokoban.ts';

/** How long a step takes to slide into place. */
const SLIDE_MS = 90;

/**
 * Redraws the board on animation frames while a step slides, and once after each change; an idle
 * board costs nothing.
 */
export function useBoardCanvas(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  playRef: RefObject<Play>,
  motionRef: RefObject<MotionStamp | null>,
  play: Play,
): void {
  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return undefined;
    let frameId = 0;
    const frame = (now: number) => {
      const stamp = motionRef.current;
      const progress = stamp ? Math.min(1, (now - stamp.started) / SLIDE_MS) : 1;
      const { game } = playRef.current;
      drawSokoban(ctx, { state: game, motion: stamp?.motion ?? null, progress, solved: isSolved(game) });
      frameId = progress < 1 ? requestAnimationFrame(frame) : 0;
    };
    frameId = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(frameId);
  }, [canvasRef, playRef, motionRef, play]);
}
