import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
} from 'react';
import { viewerKey } from './useStepKeys.ts';
import {
  bounded,
  doubleTapped,
  isZoomed,
  panBy,
  pinched,
  stepFactor,
  unzoomed,
  wheelFactor,
  zoomAt,
  type Box,
  type Point,
  type View,
} from './zoom.ts';

/** A second tap within this many milliseconds, and this many pixels of the first, makes a double tap. */
const doubleTapMs = 300;
const doubleTapReach = 30;
/** A pointer that travels less than this is a tap, not a drag. */
const tapTravel = 10;

const none: Box = { width: 0, height: 0 };
const centre: Point = { x: 0, y: 0 };
const boxOf = (element: HTMLElement | null): Box =>
  element ? { width: element.offsetWidth, height: element.offsetHeight } : none;

/** Links and buttons over the stage keep their own clicks. */
const onControl = (target: EventTarget) => target instanceof Element && !!target.closest('a, button');

/**
 * Zoom and pan for the picture in `stage`: the mouse wheel (over the picture, or anywhere on the stage with ctrl,
 * as touchpads pinch), two fingers, a double tap or double click, + / - / 0, and dragging while zoomed. The view
 * starts over whenever `showing` changes (another photo). `picture` is the fitted picture element, measured for
 * the bounds.
 */
export function useZoom(
  stage: RefObject<HTMLElement | null>,
  picture: RefObject<HTMLElement | null>,
  showing: string | undefined,
) {
  const [state, setState] = useState({ showing, view: unzoomed });
  const [sizes, setSizes] = useState({ picture: none, stage: none });
  if (state.showing !== showing) setState({ showing, view: unzoomed });
  const view = bounded(state.view, sizes.picture, sizes.stage);

  // The latest sizes and view for the event handlers below, which outlive a render.
  const latest = useRef({ view, sizes });
  useLayoutEffect(() => {
    latest.current = { view, sizes };
  });
  const change = useCallback(
    (next: (view: View, picture: Box, stage: Box) => View) =>
      setState((s) => ({
        ...s,
        view: next(
          bounded(s.view, latest.current.sizes.picture, latest.current.sizes.stage),
          latest.current.sizes.picture,
          latest.current.sizes.stage,
        ),
      })),
    [],
  );

  const measure = useCallback(
    () => setSizes({ picture: boxOf(picture.current), stage: boxOf(stage.current) }),
    [picture, stage],
  );
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const element of [stage.current, picture.current]) if (element) observer.observe(element);
    return () => observer.disconnect();
  }, [measure, stage, picture, showing]);

  /** A client point as seen from the stage's centre. */
  const fromCentre = useCallback(
    (clientX: number, clientY: number): Point => {
      const rect = stage.current?.getBoundingClientRect();
      if (!rect) return { x: 0, y: 0 };
      return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
    },
    [stage],
  );

  // The wheel needs a listener that may cancel the page's scroll (React's is passive).
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (e: WheelEvent) => {
      const overPicture = e.target instanceof HTMLImageElement;
      // Rolling down over a whole photo scrolls the page: there is nothing to zoom out of.
      const zoomable = overPicture && (e.deltaY < 0 || isZoomed(latest.current.view));
      if (!e.ctrlKey && !zoomable && !isZoomed(latest.current.view)) return;
      e.preventDefault();
      const at = fromCentre(e.clientX, e.clientY);
      change((v, p, s) => zoomAt(v, wheelFactor(e.deltaY, e.deltaMode), at, p, s));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [stage, fromCentre, change]);

  const zoomIn = useCallback(() => change((v, p, s) => zoomAt(v, stepFactor, centre, p, s)), [change]);
  const zoomOut = useCallback(() => change((v, p, s) => zoomAt(v, 1 / stepFactor, centre, p, s)), [change]);
  const reset = useCallback(() => change(() => unzoomed), [change]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!viewerKey(e)) return;
      const act = { '+': zoomIn, '=': zoomIn, '-': zoomOut, _: zoomOut, '0': reset }[e.key];
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoomIn, zoomOut, reset]);

  // Pointers down on the stage, where each went down and is now; the view when a second finger joined.
  const pointers = useRef(new Map<number, { down: Point; at: Point; time: number }>());
  const pinch = useRef<{ view: View; from: [Point, Point] } | null>(null);
  const lastTap = useRef<{ at: Point; time: number } | null>(null);
  const pair = (): [Point, Point] => {
    const [a, b] = [...pointers.current.values()];
    return [a!.at, b!.at];
  };

  const handlers = {
    onPointerDown: (e: PointerEvent) => {
      if (onControl(e.target) || (e.pointerType === 'mouse' && e.button !== 0)) return;
      const at = fromCentre(e.clientX, e.clientY);
      pointers.current.set(e.pointerId, { down: at, at, time: e.timeStamp });
      e.currentTarget.setPointerCapture(e.pointerId);
      if (pointers.current.size === 2) pinch.current = { view: latest.current.view, from: pair() };
    },
    onPointerMove: (e: PointerEvent) => {
      const pointer = pointers.current.get(e.pointerId);
      if (!pointer) return;
      const at = fromCentre(e.clientX, e.clientY);
      const by = { x: at.x - pointer.at.x, y: at.y - pointer.at.y };
      pointer.at = at;
      const start = pinch.current;
      if (start && pointers.current.size === 2) {
        const now = pair();
        change((_, p, s) => pinched(start.view, start.from, now, p, s));
      } else if (pointers.current.size === 1 && isZoomed(latest.current.view))
        change((v, p, s) => panBy(v, by, p, s));
    },
    onPointerUp: (e: PointerEvent) => {
      const pointer = pointers.current.get(e.pointerId);
      if (!pointer) return;
      pointers.current.delete(e.pointerId);
      const wasPinch = pinch.current !== null;
      if (pointers.current.size < 2) pinch.current = null;
      const travel = Math.hypot(pointer.at.x - pointer.down.x, pointer.at.y - pointer.down.y);
      if (wasPinch || travel > tapTravel || e.timeStamp - pointer.time > doubleTapMs) {
        lastTap.current = null;
        return;
      }
      const before = lastTap.current;
      const at = pointer.at;
      if (
        before &&
        e.timeStamp - before.time < doubleTapMs &&
        Math.hypot(at.x - before.at.x, at.y - before.at.y) < doubleTapReach
      ) {
        lastTap.current = null;
        change((v, p, s) => doubleTapped(v, at, p, s));
      } else lastTap.current = { at, time: e.timeStamp };
    },
    onPointerCancel: (e: PointerEvent) => {
      pointers.current.delete(e.pointerId);
      pinch.current = null;
      lastTap.current = null;
    },
  };

  return { view, zoomed: isZoomed(view), picture: sizes.picture, measure, zoomIn, zoomOut, reset, handlers };
}
