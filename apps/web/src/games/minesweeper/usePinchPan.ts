import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { WIDTH, type Layout } from './layout.ts';
import { fingerView, panBy, toDrawing, WHOLE, zoomAbout, type View } from './viewport.ts';

interface Point {
  readonly x: number;
  readonly y: number;
}

/** Canvas units (WIDTH across the canvas's box) of a client point. */
function onCanvas(canvas: HTMLCanvasElement, at: Point): Point {
  const rect = canvas.getBoundingClientRect();
  const units = WIDTH / rect.width;
  return { x: (at.x - rect.left) * units, y: (at.y - rect.top) * units };
}

/**
 * The magnified part of the board a touch screen shows, and the fingers that move it: two pinch about their
 * middle and pan with it, one alone pans. A touch screen starts magnified until a cell is a finger wide (once the
 * canvas is laid out, and again on `reset`); a mouse always sees the whole drawing.
 */
export function usePinchPan(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  layout: Layout,
  measured: boolean,
) {
  const [view, setView] = useState<View>(WHOLE);
  /** Fingers on the board, by pointer id, at their last client position. */
  const fingers = useRef(new Map<number, Point>());

  const firstView = useCallback(() => {
    const canvas = canvasRef.current;
    const coarse = window.matchMedia('(pointer: coarse)').matches;
    return canvas && coarse ? fingerView(layout, canvas.getBoundingClientRect().width) : WHOLE;
  }, [canvasRef, layout]);

  useEffect(() => {
    if (measured) setView(firstView());
  }, [measured, firstView]);

  return {
    view,
    reset: () => setView(firstView()),
    /** The drawing point under a client point, through the current zoom and pan. */
    drawingAt: (canvas: HTMLCanvasElement, at: Point) => {
      const { x, y } = onCanvas(canvas, at);
      return toDrawing(view, x, y);
    },
    /** Notes a finger put down; answers how many are down now. */
    fingerDown: (id: number, at: Point) => fingers.current.set(id, at).size,
    isFinger: (id: number) => fingers.current.has(id),
    fingerUp: (id: number) => fingers.current.delete(id),
    /** Moves the view with finger `id`, from where it was last seen to `to`. */
    fingerMove: (canvas: HTMLCanvasElement, id: number, to: Point) => {
      const from = fingers.current.get(id);
      if (!from) return;
      const other = [...fingers.current].find(([key]) => key !== id)?.[1];
      fingers.current.set(id, to);
      const a = onCanvas(canvas, from);
      const b = onCanvas(canvas, to);
      if (!other) {
        setView((v) => panBy(v, b.x - a.x, b.y - a.y));
        return;
      }
      const o = onCanvas(canvas, other);
      const factor = Math.hypot(b.x - o.x, b.y - o.y) / Math.max(1, Math.hypot(a.x - o.x, a.y - o.y));
      const middle = { x: (a.x + o.x) / 2, y: (a.y + o.y) / 2 };
      setView((v) => panBy(zoomAbout(v, factor, middle.x, middle.y), (b.x - a.x) / 2, (b.y - a.y) / 2));
    },
  };
}
