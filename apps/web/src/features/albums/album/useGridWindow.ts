import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** A tile's side in px (the CSS grid's column width and the thumbnails' size). */
const tileSize = 80;
/**
 * Rows kept in the page beyond the screen on each side: a keyboard step up or down always finds its tile there, and
 * a fling rarely shows an empty row.
 */
const overscan = 6;

/** The grid's columns and the gap between its rows, as its CSS lays it out at the width it has now. */
function layoutOf(grid: HTMLElement): { columns: number; rowGap: number } {
  const style = getComputedStyle(grid);
  const columnGap = parseFloat(style.columnGap) || 0;
  const width = grid.clientWidth;
  return {
    columns: Math.max(1, Math.floor((width + columnGap) / (tileSize + columnGap))),
    rowGap: parseFloat(style.rowGap) || 0,
  };
}

/**
 * Which cells of a grid of fixed-size square tiles (`count` of them, the CSS grid filling its width) are near the
 * window's viewport: `from`–`to` (end excluded) are put in the page, and the grid's padding above and below stands
 * for the rows left out, so the scroll bar and the page's length stay those of the whole grid. `scrollTo` brings a
 * cell's row into view (and so into the page).
 */
export function useGridWindow<E extends HTMLElement>(count: number) {
  const grid = useRef<E>(null);
  const [layout, setLayout] = useState({ columns: 1, rowGap: 0 });
  const [top, setTop] = useState(0);
  // Where the grid starts in the page and how it is laid out, read after every render: what sits above it (a
  // notice, the selection bar) moves it, and a render follows any such change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const element = grid.current;
    if (!element) return;
    const at = Math.round(element.getBoundingClientRect().top + window.scrollY);
    if (at !== top) setTop(at);
    const now = layoutOf(element);
    if (now.columns !== layout.columns || now.rowGap !== layout.rowGap) setLayout(now);
  });
  useLayoutEffect(() => {
    const element = grid.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setLayout(layoutOf(element)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { columns, rowGap } = layout;
  const rowHeight = tileSize + rowGap;
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(count / columns),
    estimateSize: () => rowHeight,
    overscan,
    scrollMargin: top,
    // The first render already fills the screen, rather than a few rows until the window is measured.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const last = rows.at(-1)?.index ?? -1;
  const scrollTo = useCallback(
    (cell: number) => virtualizer.scrollToIndex(Math.floor(cell / columns), { align: 'auto' }),
    [virtualizer, columns],
  );
  return {
    grid,
    columns,
    from: Math.min(count, first * columns),
    to: Math.min(count, (last + 1) * columns),
    padTop: first * rowHeight,
    padBottom: Math.max(0, Math.ceil(count / columns) - last - 1) * rowHeight,
    scrollTo,
  };
}
