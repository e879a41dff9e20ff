import { useLayoutEffect, useState, type RefObject } from 'react';
import { fitBoard, type BoardSize } from './layout.ts';

/** The canvas's border, each side: the board's pixels are the box less it. */
export const BORDER_PX = 1;
/** Room kept under the board, so its shadow and edge show at the bottom of the window. */
const BOTTOM_GAP_PX = 12;

/** The board's size and the pixels drawn per CSS pixel. */
export interface BoardFit extends BoardSize {
  readonly density: number;
}

/**
 * Sizes the board to the room on screen: the width of `boxRef` and the window's height below the box's top (as
 * the page is laid out, not as it is scrolled), for a `columns` x `rows` level. Drawn at the screen's pixel
 * density (up to 3), so it is sharp on phones. Null until measured in the browser. Follows window resizes,
 * rotation, the box's own width and the controls above it.
 */
export function useBoardFit(
  boxRef: RefObject<HTMLElement | null>,
  columns: number,
  rows: number,
): BoardFit | null {
  const [fit, setFit] = useState<BoardFit | null>(null);
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      const rect = box.getBoundingClientRect();
      if (rect.width <= 0) return;
      const top = rect.top + window.scrollY;
      const size = fitBoard(
        columns,
        rows,
        rect.width - 2 * BORDER_PX,
        window.innerHeight - top - 2 * BORDER_PX - BOTTOM_GAP_PX,
      );
      const density = Math.min(3, Math.max(1, window.devicePixelRatio || 1));
      setFit((prev) =>
        prev && prev.width === size.width && prev.height === size.height && prev.density === density
          ? prev
          : { ...size, density },
      );
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    // The column holding the controls too: a banner that wraps to a second line moves the board down.
    if (box.parentElement) observer?.observe(box.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [boxRef, columns, rows]);
  return fit;
}
