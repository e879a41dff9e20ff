import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useInBrowser } from '../../ui/useInBrowser.ts';
import { cliqueTopology } from './clique-complex.ts';
import {
  randomPointsInBall,
  ripsComplex,
  seededRng,
  stepThreshold,
  THRESHOLD_MAX,
  THRESHOLD_MIN,
} from './complex.ts';
import { CAMERA, CANVAS_SIZE, drawScene } from './draw.ts';
import { dragRotation, multiply, rotationX, rotationY, type Mat3 } from './geometry.ts';
import { sceneShapes } from './scene.ts';
import styles from './simplicial.module.css';

const POINT_COUNT = 50;
const INITIAL_THRESHOLD = 0.5;
/** A slight tilt so the first view already shows depth. */
const INITIAL_ROTATION: Mat3 = multiply(rotationX(-0.35), rotationY(0.5));

function freshPoints() {
  return randomPointsInBall(POINT_COUNT, seededRng(Math.floor(Math.random() * 2 ** 32)));
}

/** What β0, β1 and β2 count. */
const BETTI_NAMES = ['pieces', 'loops', 'voids'];
const BETTI_TITLES = [
  'Betti number β₀: connected pieces',
  'Betti number β₁: loops that nothing fills',
  'Betti number β₂: hollows that nothing fills',
];

const subscript = (k: number) => String(k).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)]!);

/** The points of the page the build prerendered, which the browser must draw again to take it over. */
const prerenderedPoints = randomPointsInBall(POINT_COUNT, seededRng(1));

/** A Vietoris–Rips complex of random points in the unit ball: drag to rotate, arrow keys set the threshold. */
export default function SimplicialComplexView() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const inBrowser = useInBrowser();
  const [points, setPoints] = useState(() => (inBrowser ? freshPoints() : prerenderedPoints));
  // Each visit brings new points: once a prerendered page is taken over, its fixed ones make way for them.
  useEffect(() => {
    if (inBrowser) setPoints((current) => (current === prerenderedPoints ? freshPoints() : current));
  }, [inBrowser]);
  const [threshold, setThreshold] = useState(INITIAL_THRESHOLD);
  const complex = useMemo(() => ripsComplex(points, threshold), [points, threshold]);
  // Under 3 ms for 50 points at any threshold (strong collapses leave a handful of vertices): no worker needed.
  const topology = useMemo(() => cliqueTopology(points.length, complex.edges), [points, complex]);
  const rotationRef = useRef<Mat3>(INITIAL_ROTATION);
  const dragRef = useRef<{ x: number; y: number; id: number } | null>(null);
  const requestDrawRef = useRef<() => void>(() => {});

  useEffect(() => {
    let frame = 0;
    const draw = () => {
      frame = 0;
      const ctx = canvasRef.current?.getContext('2d');
      if (ctx) drawScene(ctx, sceneShapes(points, complex, rotationRef.current, CAMERA));
    };
    draw();
    // Drags redraw at most once per animation frame, without re-rendering React.
    requestDrawRef.current = () => {
      frame ||= requestAnimationFrame(draw);
    };
    return () => {
      requestDrawRef.current = () => {};
      cancelAnimationFrame(frame);
    };
  }, [points, complex]);

  const change = (steps: number) => setThreshold((t) => stepThreshold(t, steps));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      change(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.id !== event.pointerId) return;
    const ratio = CANVAS_SIZE / event.currentTarget.getBoundingClientRect().width;
    rotationRef.current = dragRotation(
      rotationRef.current,
      (event.clientX - drag.x) * ratio,
      (event.clientY - drag.y) * ratio,
    );
    dragRef.current = { ...drag, x: event.clientX, y: event.clientY };
    requestDrawRef.current();
  };

  const onPointerUp = () => {
    dragRef.current = null;
  };

  return (
    <div className={styles.demo} onKeyDown={onKeyDown}>
      <div className={`row ${styles.controls}`}>
        <div className={styles.threshold} role="group" aria-label="Distance threshold">
          <button
            type="button"
            className="btn"
            onClick={() => change(-1)}
            disabled={threshold <= THRESHOLD_MIN}
            aria-label="Lower the threshold"
          >
            −
          </button>
          <span className={styles.value} data-testid="simplicial-threshold" aria-live="polite">
            Threshold {threshold.toFixed(2)}
          </span>
          <button
            type="button"
            className="btn"
            onClick={() => change(1)}
            disabled={threshold >= THRESHOLD_MAX}
            aria-label="Raise the threshold"
          >
            +
          </button>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setPoints(freshPoints())}>
          Refresh
        </button>
      </div>
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        width={CANVAS_SIZE}
        height={CANVAS_SIZE}
        tabIndex={0}
        aria-label="Simplicial complex. Drag to rotate; left and right arrow keys lower and raise the distance threshold."
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      <dl className={styles.stats}>
        <div>
          <dt>Vertices</dt>
          <dd>{points.length}</dd>
        </div>
        <div>
          <dt>Edges</dt>
          <dd>{complex.edges.length}</dd>
        </div>
        <div>
          <dt>Triangles</dt>
          <dd>{complex.triangles.length}</dd>
        </div>
        {topology.betti.map((betti, k) =>
          k < 3 || betti !== 0 ? (
            <div key={k}>
              <dt>
                <abbr title={BETTI_TITLES[k] ?? `Betti number β${subscript(k)}: ${k}-dimensional holes`}>
                  β{subscript(k)} {BETTI_NAMES[k] ?? 'holes'}
                </abbr>
              </dt>
              <dd data-testid={`simplicial-betti-${k}`}>{betti}</dd>
            </div>
          ) : null,
        )}
        <div>
          <dt>
            <abbr title="Euler characteristic of the whole Vietoris–Rips complex: vertices − edges + triangles − tetrahedra + … = β₀ − β₁ + β₂ − …">
              Euler χ
            </abbr>
          </dt>
          <dd data-testid="simplicial-euler">{topology.euler}</dd>
        </div>
      </dl>
      <p className={styles.hint}>
        Drag to rotate. Use ← and → (or − and +) to change the distance threshold.
      </p>
      <p className={styles.hint}>
        The Betti numbers (over GF(2)) and χ are those of the whole Vietoris–Rips complex, in which every
        group of points that are all closer than the threshold is filled: tetrahedra and beyond too, though
        only edges and triangles are drawn.
      </p>
    </div>
  );
}
