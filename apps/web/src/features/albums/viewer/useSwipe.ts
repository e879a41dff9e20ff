import { useRef, type PointerEvent } from 'react';

/** Sideways travel, in CSS pixels, past which a drag counts as a swipe rather than a tap. */
export const swipeDistance = 50;

/**
 * Pointer handlers that call `onSwipe` when one finger (or a mouse or pen) is dragged sideways past
 * {@link swipeDistance} and clearly more sideways than up or down, so a tap, a vertical scroll or a pinch never
 * counts. The element should have `touch-action: pan-y`, leaving vertical scrolling to the browser.
 */
export function useSwipe(onSwipe: (towards: 'left' | 'right') => void) {
  const start = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      // A second finger makes it a pinch: no swipe until every finger has lifted.
      if (!e.isPrimary || e.button !== 0) start.current = null;
      else start.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY };
    },
    onPointerUp: (e: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.pointerId !== e.pointerId) return;
      const dx = e.clientX - from.x;
      const dy = e.clientY - from.y;
      if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > 2 * Math.abs(dy))
        onSwipe(dx < 0 ? 'left' : 'right');
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
