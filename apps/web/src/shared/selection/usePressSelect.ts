import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

/** How long a finger rests on an item, in ms, before the press selects it (a phone's long press). */
export const longPressMs = 400;
/** How far (px) a press may wander and still count as held in place. */
export const pressTolerance = 5;
/** How soon after a long press lifts a click on the same item is that press's own click. */
const pressClickMs = 1000;

/**
 * Selecting by pressing and holding, as on a phone, on top of `useSelection`'s clicks. `press` selects an item
 * whose long press something else noticed (a table's drag that never moved); `holdHandlers` notice it themselves:
 * a touch or pen held in place for `longPressMs` (a mouse keeps its own press for dragging and clicks). Either way
 * the click the browser may send when that press lifts is the same gesture: `click` swallows it rather than take
 * it as a second toggle that would undo the first.
 */
export function usePressSelect<E>(selection: {
  toggle: (id: string) => void;
  /** `useSelection`'s own click. */
  click: (e: E, id: string) => boolean;
}) {
  const pressed = useRef<{ id: string; at: number } | null>(null);
  const held = useRef<{ id: string; x: number; y: number; timer: number } | null>(null);
  const letGo = () => {
    if (held.current) window.clearTimeout(held.current.timer);
    held.current = null;
  };
  useEffect(() => letGo, []);

  const press = (id: string) => {
    selection.toggle(id);
    pressed.current = { id, at: performance.now() };
  };
  return {
    press,
    /** A click on an item: answers whether selecting took it (the caller then keeps it from opening the item). */
    click: (e: E, id: string) => {
      const last = pressed.current;
      pressed.current = null;
      if (last?.id === id && performance.now() - last.at < pressClickMs) return true;
      return selection.click(e, id);
    },
    holdHandlers: (id: string) => ({
      onPointerDown: (e: PointerEvent) => {
        letGo();
        if (e.pointerType === 'mouse' || !e.isPrimary) return;
        const timer = window.setTimeout(() => {
          held.current = null;
          press(id);
        }, longPressMs);
        held.current = { id, x: e.clientX, y: e.clientY, timer };
      },
      onPointerMove: (e: PointerEvent) => {
        const at = held.current;
        if (at && Math.abs(e.clientX - at.x) + Math.abs(e.clientY - at.y) >= pressTolerance) letGo();
      },
      onPointerUp: () => {
        letGo();
        // The press's own click follows the lift, however long the finger stayed after the press selected.
        if (pressed.current?.id === id) pressed.current.at = performance.now();
      },
      onPointerCancel: letGo,
      // The phone's own menu for a long-pressed link or picture would cover the selection.
      onContextMenu: (e: MouseEvent) => {
        const last = pressed.current;
        if (held.current || (last?.id === id && performance.now() - last.at < pressClickMs))
          e.preventDefault();
      },
    }),
  };
}
