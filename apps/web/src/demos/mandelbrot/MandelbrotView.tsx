import { useCallback, useEffect, useRef, useState } from 'react';
import { formatCentre, formatZoom } from './format.ts';
import styles from './mandelbrot.module.css';
import { useFractalRenderer } from './useFractalRenderer.ts';
import { useZoomBox } from './useZoomBox.ts';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  DEFAULT_VIEW,
  maxIterationsFor,
  MIN_SCALE,
  zoomLevel,
  zoomToBox,
  type Box,
  type View,
} from './view.ts';

/** Mandelbrot set explorer: click, move and click again to zoom into the red box. */
export default function MandelbrotView() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const [history, setHistory] = useState<readonly View[]>([DEFAULT_VIEW]);
  const view = history[history.length - 1] ?? DEFAULT_VIEW;
  const { render, status } = useFractalRenderer(canvasRef);

  const onZoom = useCallback((box: Box) => {
    setHistory((h) => {
      const current = h[h.length - 1] ?? DEFAULT_VIEW;
      return [...h, zoomToBox(current, box, CANVAS_WIDTH, CANVAS_HEIGHT)];
    });
  }, []);
  const { selecting, cancel, handlers } = useZoomBox(overlayRef, onZoom);

  useEffect(() => {
    render(view);
  }, [render, view]);

  const reset = () => {
    cancel();
    setHistory([DEFAULT_VIEW]);
  };
  const back = () => {
    cancel();
    setHistory((h) => (h.length > 1 ? h.slice(0, -1) : h));
  };

  const atLimit = view.scale <= MIN_SCALE;
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
        <button type="button" className="btn" onClick={back} disabled={history.length < 2}>
          Back
        </button>
        <p className={styles.hint}>
          {selecting ? 'Size the box, click to zoom, Esc cancels.' : 'Click the picture to start a zoom box.'}
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
          <dd data-testid="mandelbrot-centre">{formatCentre(view)}</dd>
        </div>
        <div>
          <dt>Zoom</dt>
          <dd data-testid="mandelbrot-zoom">
            {formatZoom(zoomLevel(view))}
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
