import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { boxFromDrag, CANVAS_HEIGHT, CANVAS_WIDTH, MIN_BOX_WIDTH, type Box, type Point } from './view.ts';

/** Screen pixels a press may wander and still count as a click or tap. */
const TAP_TOLERANCE = 6;
const ASPECT = CANVAS_WIDTH / CANVAS_HEIGHT;

interface Gesture {
  /** Where the press started, in client (screen) pixels: unlike canvas pixels these do not shift if the layout does. */
  readonly down: Point;
  /** This press placed the first corner (rather than resizing or finishing a box). */
  readonly startedBox: boolean;
}

function toCanvas(event: ReactPointerEvent<HTMLCanvasElement>): Point {
  const rect = event.currentTarget.getBoundingClientRect();
  const ratio = CANVAS_WIDTH / rect.width;
  return { x: (event.clientX - rect.left) * ratio, y: (event.clientY - rect.top) * ratio };
}

function drawBox(canvas: HTMLCanvasElement | null, box: Box | null): void {
  const ctx = canvas?.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  if (!box) return;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.beginPath();
  ctx.rect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  ctx.rect(box.x + box.width, box.y, -box.width, box.height);
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ff2d2d';
  ctx.strokeRect(box.x, box.y, box.width, box.height);
  ctx.fillStyle = '#ff2d2d';
  ctx.fillRect(box.x + box.width / 2 - 3, box.y + box.height / 2 - 3, 6, 6);
}

/**
 * Click-move-click (or tap, drag, tap) selection of an aspect-locked zoom box on
 * the overlay canvas. A press that starts a box and drags finishes it on release;
 * Escape drops the box. `onZoom` receives the finished box in canvas pixels.
 */
export function useZoomBox(
  overlayRef: RefObject<HTMLCanvasElement | null>,
  onZoom: (box: Box) => void,
): {
  selecting: boolean;
  cancel: () => void;
  handlers: {
    onPointerDown: (event: ReactPointerEvent<HTMLCanvasElement>) => void;
    onPointerMove: (event: ReactPointerEvent<HTMLCanvasElement>) => void;
    onPointerUp: (event: ReactPointerEvent<HTMLCanvasElement>) => void;
  };
} {
  const [selecting, setSelecting] = useState(false);
  const anchorRef = useRef<Point | null>(null);
  const boxRef = useRef<Box | null>(null);
  const gestureRef = useRef<Gesture | null>(null);

  const show = useCallback(
    (box: Box | null) => {
      boxRef.current = box;
      drawBox(overlayRef.current, box);
    },
    [overlayRef],
  );

  const cancel = useCallback(() => {
    anchorRef.current = null;
    setSelecting(false);
    gestureRef.current = null;
    show(null);
  }, [show]);

  const finish = useCallback(() => {
    const box = boxRef.current;
    cancel();
    if (box && box.width >= MIN_BOX_WIDTH) onZoom(box);
  }, [cancel, onZoom]);

  useEffect(() => {
    if (!selecting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selecting, cancel]);

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = toCanvas(event);
    const anchor = anchorRef.current;
    if (!anchor) {
      anchorRef.current = point;
      setSelecting(true);
      show(boxFromDrag(point, point, ASPECT));
      gestureRef.current = { down: { x: event.clientX, y: event.clientY }, startedBox: true };
      return;
    }
    // A mouse click lands where the box corner already follows the pointer; a tap does not resize.
    if (event.pointerType === 'mouse') show(boxFromDrag(anchor, point, ASPECT));
    gestureRef.current = { down: { x: event.clientX, y: event.clientY }, startedBox: false };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const anchor = anchorRef.current;
    if (!anchor) return;
    if (event.pointerType !== 'mouse' && !gestureRef.current) return;
    show(boxFromDrag(anchor, toCanvas(event), ASPECT));
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const gesture = gestureRef.current;
    gestureRef.current = null;
    if (!gesture || !anchorRef.current) return;
    const dragged =
      Math.hypot(event.clientX - gesture.down.x, event.clientY - gesture.down.y) > TAP_TOLERANCE;
    if (gesture.startedBox ? dragged : !dragged) finish();
  };

  return { selecting, cancel, handlers: { onPointerDown, onPointerMove, onPointerUp } };
}
