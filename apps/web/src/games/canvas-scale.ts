import { startTransition, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The screen's pixels per CSS pixel, up to 3, the density of most phones: a board drawn at 2 is visibly soft there.
 * A phone shows the board at under half its drawing width, so even at 3 it paints fewer pixels than a desktop.
 */
const density = () => Math.min(3, Math.max(1, window.devicePixelRatio || 1));

/**
 * Backing-store pixels per drawing unit for a canvas drawn `width` units wide and shown scaled to its box: the
 * screen's density times the share of its drawing width it is shown at. An 800-unit board shown 360 CSS px wide on
 * a phone gets a quarter of the pixels it would at full size, so every paint costs a quarter, instead of drawing
 * detail the screen then throws away. Null until the canvas has been laid out: paint nothing before then (the first
 * paint would be at the wrong size and thrown away). Follows the box as it changes (rotation, window size).
 */
export function useCanvasScale(canvasRef: RefObject<HTMLCanvasElement | null>, width: number): number | null {
  const [scale, setScale] = useState<number | null>(null);
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const measure = () => {
      const shown = canvas.getBoundingClientRect().width;
      // Whole hundredths, so a box that moves by a fraction of a pixel does not repaint everything.
      if (shown > 0) setScale(Math.ceil(density() * Math.min(1, shown / width) * 100) / 100);
    };
    // The first scale as a transition: set in a layout effect it would be drawn synchronously, in the same task as
    // the commit that mounted the view (when a prerendered page is adopted, the one that adopted it).
    startTransition(measure);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [canvasRef, width]);
  return scale;
}
