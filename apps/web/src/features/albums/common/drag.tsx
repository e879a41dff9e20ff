import {
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './drag.module.css';

/** Spec: a drag starts after a 250 ms press that stays within 5 px, so a tap still opens the tile. */
const activation = { delay: 250, tolerance: 5 };

/** How to reorder without a mouse; tiles refer to it, and dnd-kit announces it too. */
export const reorderInstructions =
  'To move this tile, press Space, use the arrow keys to move it, then press Space again to drop it or Escape to cancel.';

/** The instructions as a hidden element, for `aria-describedby` on each tile's link. */
export function ReorderHelp({ id }: { id: string }) {
  return (
    <span id={id} hidden>
      {reorderInstructions}
    </span>
  );
}

/** Mouse and touch (press and hold), plus Space and the arrow keys for keyboard users. */
export function useDragSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: activation }),
    useSensor(TouchSensor, { activationConstraint: activation }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Enter stays free to open the tile's link.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  );
}

/**
 * The drag handlers of a sortable grid (spec: dragging over another tile gives the dragged one that tile's rank
 * and shifts the ones between, locally and at once; the server is told once, on drop, with the final rank).
 * `rankOf` reads the current local rank; `move` reorders locally; `commit` tells the server.
 */
export function useReorder(options: {
  rankOf: (id: string) => number | undefined;
  canSwap: (activeId: string, overId: string) => boolean;
  move: (id: string, rank: number) => void;
  commit: (id: string, rank: number) => void;
}) {
  const start = useRef<{ id: string; rank: number } | null>(null);
  const latest = useRef(options);
  // Drag events arrive after React has committed, so they always read the options of the latest render.
  useLayoutEffect(() => {
    latest.current = options;
  });

  return {
    onDragStart({ active }: DragStartEvent) {
      const rank = latest.current.rankOf(String(active.id));
      start.current = rank === undefined ? null : { id: String(active.id), rank };
    },
    onDragOver({ active, over }: DragOverEvent) {
      const { rankOf, canSwap, move } = latest.current;
      if (!over || over.id === active.id || !canSwap(String(active.id), String(over.id))) return;
      const rank = rankOf(String(over.id));
      if (rank !== undefined) move(String(active.id), rank);
    },
    onDragEnd({ active }: DragEndEvent) {
      const begun = start.current;
      start.current = null;
      swallowNextClick();
      const rank = latest.current.rankOf(String(active.id));
      if (begun && rank !== undefined && rank !== begun.rank) latest.current.commit(begun.id, rank);
    },
    onDragCancel() {
      const begun = start.current;
      start.current = null;
      if (begun) latest.current.move(begun.id, begun.rank);
    },
  };
}

/**
 * The click that ends a mouse drag lands on the dropped tile's link; without this it would open the album.
 * dnd-kit only stops its propagation, which leaves the browser's own link navigation in place. The browser sends
 * that click in the same task as the mouseup that ended the drag, if at all (not when the pressed node moved in
 * the DOM, nor after a keyboard or touch drag), so the guard lasts only until the next task: a later click on
 * anything else must go through.
 */
function swallowNextClick() {
  const swallow = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };
  window.addEventListener('click', swallow, { capture: true, once: true });
  setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
}

/** One tile of a sortable grid; the whole tile is the drag handle. Disabled, it is a plain list item. */
export function SortableTile({
  id,
  disabled = false,
  children,
}: {
  id: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  if (disabled) return <li className={styles.tile}>{children}</li>;
  return (
    <li
      ref={setNodeRef}
      className={`${styles.tile} ${isDragging ? styles.dragging : ''}`}
      style={{
        transform: transform
          ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`
          : undefined,
        transition,
      }}
      {...attributes}
      {...listeners}
      // The link inside is what keyboard users focus and open; the tile itself is only a drag surface.
      tabIndex={-1}
      role={undefined}
      aria-roledescription="sortable"
    >
      {children}
    </li>
  );
}
