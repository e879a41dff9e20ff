import { useEffect, useMemo, useRef, type PointerEvent } from 'react';
import { buildStrokes, paint } from './paint.ts';
import { useInBrowser } from '../../ui/useInBrowser.ts';
import styles from './lsystems.module.css';
import { adjustPlacement, fitToCanvas, type Drawing } from './turtle.ts';

/** Drawing width of the canvas, in pixels. */
export const CANVAS_WIDTH = 800;
/** Drawing height of the canvas, in pixels. */
export const CANVAS_HEIGHT = 600;
const MARGIN = 24;

interface Props {
  drawing: Drawing | null;
  zoom: number;
  pan: { x: number; y: number };
  /** Called once per finished drag with its movement in canvas pixels. */
  onPan: (dx: number, dy: number) => void;
}

interface Drag {
  id: number;
  startX: number;
  startY: number;
  ratio: number;
  snapshot: HTMLCanvasElement;
}

/**
 * The L-system canvas. While a drag is under way it slides a snapshot of the
 * picture instead of redrawing every segment, so even huge drawings pan smoothly.
 */
export function LSystemCanvas({ drawing, zoom, pan, onPan }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const dragRef = useRef<Drag | null>(null);
  // Paths are the canvas' business: a page the build prerenders (no Path2D there) has its canvas painted later.
  const inBrowser = useInBrowser();
  const strokes = useMemo(() => (drawing && inBrowser ? buildStrokes(drawing) : []), [drawing, inBrowser]);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const fitted = drawing?.bounds
      ? fitToCanvas(drawing.bounds, CANVAS_WIDTH, CANVAS_HEIGHT, MARGIN)
      : { scale: 1, offsetX: 0, offsetY: 0 };
    paint(
      ctx,
      strokes,
      drawing?.count ?? 0,
      adjustPlacement(fitted, zoom, pan.x, pan.y, CANVAS_WIDTH, CANVAS_HEIGHT),
      CANVAS_WIDTH,
      CANVAS_HEIGHT,
    );
  }, [drawing, strokes, zoom, pan]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    const canvas = event.currentTarget;
    canvas.setPointerCapture(event.pointerId);
    const snapshot = document.createElement('canvas');
    snapshot.width = CANVAS_WIDTH;
    snapshot.height = CANVAS_HEIGHT;
    snapshot.getContext('2d')?.drawImage(canvas, 0, 0);
    dragRef.current = {
      id: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      ratio: CANVAS_WIDTH / canvas.getBoundingClientRect().width,
      snapshot,
    };
  };

  const offset = (drag: Drag, event: PointerEvent<HTMLCanvasElement>) => ({
    dx: (event.clientX - drag.startX) * drag.ratio,
    dy: (event.clientY - drag.startY) * drag.ratio,
  });

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const drag = dragRef.current;
    const ctx = event.currentTarget.getContext('2d');
    if (!drag || drag.id !== event.pointerId || !ctx) return;
    const { dx, dy } = offset(drag, event);
    ctx.fillStyle = '#f7f5ee';
    ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
    ctx.drawImage(drag.snapshot, dx, dy);
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.id !== event.pointerId) return;
    dragRef.current = null;
    const { dx, dy } = offset(drag, event);
    if (dx !== 0 || dy !== 0) onPan(dx, dy);
  };

  return (
    <canvas
      ref={canvasRef}
      className={styles.canvas}
      width={CANVAS_WIDTH}
      height={CANVAS_HEIGHT}
      role="img"
      aria-label="L-system drawing; drag to pan"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    />
  );
}
