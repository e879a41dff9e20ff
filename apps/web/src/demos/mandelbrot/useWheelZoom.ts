import { useEffect, useRef, type RefObject } from 'react';
import { CANVAS_WIDTH, type Point } from './view.ts';

/** Wheel travel, in pixels, that halves or doubles the pixel size: a mouse notch (100 px) zooms by about 1.4×. */
const PIXELS_PER_OCTAVE = 200;
/** Lines and pages of wheel travel in pixels, for mice that report those. */
const LINE = 16;
const PAGE = 400;

/**
 * Mouse-wheel (and touchpad) zoom about the pointer on `targetRef`: `onZoom`
 * receives the canvas point under the pointer and the factor for the pixel size
 * (below 1 magnifies: wheel away from the user, as in map viewers).
 */
export function useWheelZoom(
  targetRef: RefObject<HTMLElement | null>,
  onZoom: (at: Point, factor: number) => void,
): void {
  const callback = useRef(onZoom);
  callback.current = onZoom;
  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const onWheel = (event: WheelEvent) => {
      // Not passive: the page must not scroll while the wheel zooms the picture.
      event.preventDefault();
      const unit = event.deltaMode === 1 ? LINE : event.deltaMode === 2 ? PAGE : 1;
      const factor = 2 ** ((event.deltaY * unit) / PIXELS_PER_OCTAVE);
      const rect = target.getBoundingClientRect();
      const ratio = CANVAS_WIDTH / rect.width;
      callback.current(
        { x: (event.clientX - rect.left) * ratio, y: (event.clientY - rect.top) * ratio },
        factor,
      );
    };
    target.addEventListener('wheel', onWheel, { passive: false });
    return () => target.removeEventListener('wheel', onWheel);
  }, [targetRef]);
}
