import { useEffect, type RefObject } from 'react';
import { drawSokoban } from './draw.ts';
import { isSolved } from './logic.ts';
import type { BoardFit } from './use-board-fit.ts';
import type { MotionStamp, Play } from './use-sokoban.ts';

/** How long a step takes to slide into place. */
const SLIDE_MS = 90;

/**
 * Redraws the board on animation frames while a step slides, and once after each change; an idle
 * board costs nothing. Nothing is drawn until the board has been fitted to the screen.
 */
export function useBoardCanvas(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  playRef: RefObject<Play>,
  motionRef: RefObject<MotionStamp | null>,
  play: Play,
  fit: BoardFit | null,
): void {
  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx || !fit) return undefined;
    let frameId = 0;
    const frame = (now: number) => {
      const stamp = motionRef.current;
      const progress = stamp ? Math.min(1, (now - stamp.started) / SLIDE_MS) : 1;
      const { game } = playRef.current;
      ctx.setTransform(fit.density, 0, 0, fit.density, 0, 0);
      drawSokoban(ctx, { state: game, motion: stamp?.motion ?? null, progress, solved: isSolved(game) }, fit);
      frameId = progress < 1 ? requestAnimationFrame(frame) : 0;
    };
    frameId = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(frameId);
  }, [canvasRef, playRef, motionRef, play, fit]);
}
