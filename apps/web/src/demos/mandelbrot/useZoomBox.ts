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

/** What the pointers on the picture ask for, in canvas pixels. */
export interface CanvasGestures {
  /** The finished zoom box. */
  onZoom(box: Box): void;
  /** A drag in progress has moved the picture by (dx, dy) so far; `done` when the pointer is released. */
  onPan(dx: number, dy: number, done: boolean): void;
  /**
   * Two fingers in progress: the picture is magnified `factor` times about `at` and moved by (dx, dy);
   * `done` when a finger lifts.
   */
  onPinch(at: Point, factor: number, dx: number, dy: number, done: boolean): void;
}

type Gesture =
  /** A press on the idle picture: a click (start a box) until it moves, then a pan. */
  | { kind: 'press'; down: Point; at: Point }
  | { kind: 'pan'; down: Point; at: Point }
  /** A press that placed the first corner with Shift held: a drag sizes the box and its release finishes it. */
  | { kind: 'box-drag'; down: Point }
  /** A press while a box is open: a click or tap finishes it, a drag only resizes it. */
  | { kind: 'box-press'; down: Point }
  | { kind: 'pinch'; start: [Point, Point]; now: [Point, Point] };

function toCanvas(event: ReactPointerEvent<HTMLCanvasElement>): Point {
  const rect = event.currentTarget.getBoundingClientRect();
  const ratio = CANVAS_WIDTH / rect.width;
  return { x: (event.clientX - rect.left) * ratio, y: (event.clientY - rect.top) * ratio };
}

function client(event: ReactPointerEvent<HTMLCanvasElement>): Point {
  return { x: event.clientX, y: event.clientY };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
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
 * The pointer on the overlay canvas. As the specification says, a click (or tap)
 * places the first corner of an aspect-locked red box, which follows the pointer
 * until a second click zooms into it; Escape drops it. A drag that starts on the
 * idle picture pans it instead, as in map viewers; with Shift held a drag spans
 * the box in one gesture. Two fingers pinch to zoom and pan together.
 */
export function useZoomBox(
  overlayRef: RefObject<HTMLCanvasElement | null>,
  gestures: CanvasGestures,
): {
  selecting: boolean;
  cancel: () => void;
  handlers: {
    onPointerDown: (event: ReactPointerEvent<HTMLCanvasElement>) => void;
    onPointerMove: (event: ReactPointerEvent<HTMLCanvasElement>) => void;
    onPointerUp: (event: ReactPointerEvent<HTMLCanvasElement>) => void;
    onPointerCancel: (event: ReactPointerEvent<HTMLCanvasElement>) => void;
  };
} {
  const [selecting, setSelecting] = useState(false);
  const anchorRef = useRef<Point | null>(null);
  const boxRef = useRef<Box | null>(null);
  const gestureRef = useRef<Gesture | null>(null);
  /** Canvas positions of the pointers that are down, for the pinch. */
  const pointersRef = useRef(new Map<number, Point>());
  const callbacks = useRef(gestures);
  callbacks.current = gestures;

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
    if (box && box.width >= MIN_BOX_WIDTH) callbacks.current.onZoom(box);
  }, [cancel]);

  const startBox = (point: Point) => {
    anchorRef.current = point;
    setSelecting(true);
    show(boxFromDrag(point, point, ASPECT));
  };

  useEffect(() => {
    if (!selecting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selecting, cancel]);

  const pinchReport = (gesture: Extract<Gesture, { kind: 'pinch' }>, done: boolean) => {
    const [a0, b0] = gesture.start;
    const [a1, b1] = gesture.now;
    const from = midpoint(a0, b0);
    const to = midpoint(a1, b1);
    const factor = distance(a1, b1) / Math.max(1, distance(a0, b0));
    callbacks.current.onPinch(from, factor, to.x - from.x, to.y - from.y, done);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    const point = toCanvas(event);
    const pointers = pointersRef.current;
    pointers.set(event.pointerId, point);
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // The pointer is already gone (lifted, or cancelled by the browser): its up or cancel event still comes.
    }
    if (pointers.size === 2) {
      // A second finger turns whatever the first one started into a pinch.
      const gesture = gestureRef.current;
      if (gesture?.kind === 'pan') callbacks.current.onPan(0, 0, true);
      cancel();
      const both = [...pointers.values()] as [Point, Point];
      gestureRef.current = { kind: 'pinch', start: both, now: both };
      return;
    }
    if (pointers.size > 2) return;
    const anchor = anchorRef.current;
    if (!anchor) {
      if (event.shiftKey) {
        startBox(point);
        gestureRef.current = { kind: 'box-drag', down: client(event) };
      } else {
        gestureRef.current = { kind: 'press', down: client(event), at: point };
      }
      return;
    }
    // A mouse click lands where the box corner already follows the pointer; a tap does not resize.
    if (event.pointerType === 'mouse') show(boxFromDrag(anchor, point, ASPECT));
    gestureRef.current = { kind: 'box-press', down: client(event) };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const point = toCanvas(event);
    const pointers = pointersRef.current;
    if (pointers.has(event.pointerId)) pointers.set(event.pointerId, point);
    const gesture = gestureRef.current;
    if (gesture?.kind === 'pinch') {
      if (pointers.size === 2) {
        gesture.now = [...pointers.values()] as [Point, Point];
        pinchReport(gesture, false);
      }
      return;
    }
    if (gesture?.kind === 'press' && distance(client(event), gesture.down) > TAP_TOLERANCE) {
      gestureRef.current = { kind: 'pan', down: gesture.down, at: gesture.at };
    }
    const current = gestureRef.current;
    if (current?.kind === 'pan') {
      callbacks.current.onPan(point.x - current.at.x, point.y - current.at.y, false);
      return;
    }
    const anchor = anchorRef.current;
    if (!anchor) return;
    if (event.pointerType !== 'mouse' && !current) return;
    show(boxFromDrag(anchor, point, ASPECT));
  };

  const end = (event: ReactPointerEvent<HTMLCanvasElement>, released: boolean) => {
    const pointers = pointersRef.current;
    pointers.delete(event.pointerId);
    const gesture = gestureRef.current;
    if (gesture?.kind === 'pinch') {
      // The pinch ends with its first lifted finger; the other one does nothing more.
      gestureRef.current = null;
      pinchReport(gesture, true);
      return;
    }
    gestureRef.current = null;
    if (!gesture) return;
    const point = toCanvas(event);
    const dragged = distance(client(event), gesture.down) > TAP_TOLERANCE;
    switch (gesture.kind) {
      case 'press':
        if (released && !dragged) startBox(gesture.at);
        return;
      case 'pan':
        callbacks.current.onPan(point.x - gesture.at.x, point.y - gesture.at.y, true);
        return;
      case 'box-drag':
        if (released && dragged) finish();
        return;
      case 'box-press':
        if (released && !dragged) finish();
    }
  };

  return {
    selecting,
    cancel,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event) => end(event, true),
      onPointerCancel: (event) => end(event, false),
    },
  };
}
