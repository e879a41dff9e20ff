import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { centreText, formatViewZoom } from './format.ts';
import styles from './mandelbrot.module.css';
import { useFractalRenderer } from './useFractalRenderer.ts';
import { useWheelZoom } from './useWheelZoom.ts';
import { useZoomBox } from './useZoomBox.ts';
import { sameView, viewFromSearch, viewToSearch } from './view-url.ts';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  DEFAULT_VIEW,
  maxIterationsFor,
  MIN_SCALE_LOG2,
  panBy,
  scaleLog2,
  zoomAbout,
  zoomToBox,
  type Box,
  type Point,
  type View,
} from './view.ts';

/** What the explorer keeps in a history entry: how many of its own views lie behind this one. */
interface ViewState {
  readonly depth: number;
}

/** Wheel turns closer together than this make one step of the Back button. */
const WHEEL_GROUP_MS = 600;

/** The CSS transform that shows the picture magnified `factor` times about `at` and moved by (dx, dy). */
function previewTransform(at: Point, factor: number, dx: number, dy: number): Partial<CSSStyleDeclaration> {
  return {
    transformOrigin: `${(at.x / CANVAS_WIDTH) * 100}% ${(at.y / CANVAS_HEIGHT) * 100}%`,
    transform: `translate(${(dx / CANVAS_WIDTH) * 100}%, ${(dy / CANVAS_HEIGHT) * 100}%) scale(${factor})`,
  };
}

/**
 * Mandelbrot set explorer: click, move and click again to zoom into the red box;
 * the wheel zooms about the pointer, a drag pans, two fingers pinch.
 */
export default function MandelbrotView() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  // The address holds the view, so that a link or a reload opens it and Back and Forward step through views.
  const location = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => viewFromSearch(location.search) ?? DEFAULT_VIEW, [location.search]);
  const depth = (location.state as ViewState | null)?.depth ?? 0;
  // Gestures can follow each other faster than the address is rendered: each starts from the last view asked for.
  const latestRef = useRef({ view, depth });
  useEffect(() => {
    latestRef.current = { view, depth };
  }, [view, depth]);
  const { render, warp, status } = useFractalRenderer(canvasRef);
  const lastWheelRef = useRef(0);

  /** Moves to the view `next` makes of the current one: a new Back step, or replacing the last one. */
  const go = useCallback(
    (next: (current: View) => View, replace = false) => {
      const latest = latestRef.current;
      const target = next(latest.view);
      if (sameView(target, latest.view)) return;
      const state: ViewState = { depth: replace ? latest.depth : latest.depth + 1 };
      latestRef.current = { view: target, depth: state.depth };
      void navigate({ search: viewToSearch(target) }, { replace, state });
    },
    [navigate],
  );

  const showPreview = (style: Partial<CSSStyleDeclaration> | null) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.style.transform = style?.transform ?? '';
    canvas.style.transformOrigin = style?.transformOrigin ?? '';
  };

  const { selecting, cancel, handlers } = useZoomBox(overlayRef, {
    onZoom: (box: Box) => go((current) => zoomToBox(current, box, CANVAS_WIDTH, CANVAS_HEIGHT)),
    onPan(dx, dy, done) {
      if (!done) {
        showPreview(previewTransform({ x: 0, y: 0 }, 1, dx, dy));
        return;
      }
      showPreview(null);
      if (dx === 0 && dy === 0) return;
      warp({ x: 0, y: 0 }, 1, dx, dy);
      go((current) => panBy(current, dx, dy));
    },
    onPinch(at, factor, dx, dy, done) {
      if (!done) {
        showPreview(previewTransform(at, factor, dx, dy));
        return;
      }
      showPreview(null);
      warp(at, factor, dx, dy);
      go((current) => panBy(zoomAbout(current, at, 1 / factor, CANVAS_WIDTH, CANVAS_HEIGHT), dx, dy));
    },
  });

  useWheelZoom(overlayRef, (at, factor) => {
    const now = performance.now();
    const grouped = now - lastWheelRef.current < WHEEL_GROUP_MS;
    lastWheelRef.current = now;
    const applied = Math.min(4, Math.max(0.25, factor));
    warp(at, 1 / applied, 0, 0);
    go((current) => zoomAbout(current, at, applied, CANVAS_WIDTH, CANVAS_HEIGHT), grouped);
  });

  useEffect(() => {
    render(view);
  }, [render, view]);

  const reset = () => {
    cancel();
    go(() => DEFAULT_VIEW);
  };
  const back = () => {
    cancel();
    if (depth > 0) void navigate(-1);
  };

  const centre = centreText(view);
  const atLimit = scaleLog2(view) <= MIN_SCALE_LOG2 + 0.015;
  const timing = status.busy
    ? 'Rendering…'
    : status.lastFrameMs === null
      ? ''
      : `${Math.round(status.lastFrameMs)} ms on ${status.workers} ${status.workers === 1 ? 'worker' : 'workers'}` +
        ` (${status.kernel})`;

  return (
    <div className={styles.demo}>
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={reset}>
          Reset
        </button>
        <button type="button" className="btn" onClick={back} disabled={depth === 0}>
          Back
        </button>
        <p className={styles.hint}>
          {selecting
            ? 'Size the box, click to zoom, Esc cancels.'
            : 'Click the picture to start a zoom box; drag to pan, wheel or pinch to zoom.'}
        </p>
      </div>
      <div className={styles.frame}>
        <canvas
          ref={canvasRef}
          className={styles.fractal}
          width={CANVAS_WIDTH}
          height={CANVAS_HEIGHT}
          role="img"
          aria-label="The Mandelbrot set"
        />
        <canvas
          ref={overlayRef}
          className={styles.overlay}
          width={CANVAS_WIDTH}
          height={CANVAS_HEIGHT}
          aria-hidden="true"
          {...handlers}
        />
      </div>
      <dl className={styles.readout}>
        <div>
          <dt>Centre</dt>
          <dd>
            <span data-testid="mandelbrot-centre">{centre.short}</span>
            {centre.shortened && (
              // Every digit the zoom needs, one click away; the address holds them too, for copying.
              <details className={styles.digits}>
                <summary>All {centre.digits.toLocaleString('en-US')} decimal places</summary>
                <p data-testid="mandelbrot-centre-full">{centre.full}</p>
              </details>
            )}
          </dd>
        </div>
        <div>
          <dt>Zoom</dt>
          <dd data-testid="mandelbrot-zoom">
            {formatViewZoom(view)}
            {atLimit && <span className={styles.limit}> (precision limit)</span>}
          </dd>
        </div>
        <div>
          <dt>Iterations</dt>
          <dd>{maxIterationsFor(view).toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Frame</dt>
          <dd aria-live="polite">{timing}</dd>
        </div>
      </dl>
    </div>
  );
}
