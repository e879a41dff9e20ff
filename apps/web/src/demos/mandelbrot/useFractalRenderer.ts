import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { colourValues, leastEscape } from './colour.ts';
import { RenderPool } from './pool.ts';
import type { KernelName } from './protocol.ts';
import { defaultWorkerCount, spawnRenderWorker } from './spawnWorker.ts';
import { passSize, type Tile } from './tiles.ts';
import { CANVAS_HEIGHT, CANVAS_WIDTH, maxIterationsFor, type Point, type View } from './view.ts';

/** The coarse preview samples one pixel in every 8×8 block. */
const PREVIEW_STEP = 8;

/** What the status line shows about the frame being drawn. */
export interface RenderStatus {
  readonly busy: boolean;
  /** Milliseconds the last complete frame took, or null while none has finished. */
  readonly lastFrameMs: number | null;
  readonly workers: number;
  /** The kernel that computed the last frame. */
  readonly kernel: KernelName | null;
}

/**
 * Renders views of the set into `canvasRef` with a pool of workers: first a
 * blurred 1/8-resolution preview, then full-resolution bands as they finish.
 * Each call to `render` abandons the frame before it.
 */
export function useFractalRenderer(canvasRef: RefObject<HTMLCanvasElement | null>): {
  render: (view: View) => void;
  /**
   * Redraws the picture on screen magnified `factor` times about canvas point `at` and then moved by
   * (dx, dy): an instant stand-in for the frame of a view reached by wheel, drag or pinch, until it is rendered.
   */
  warp: (at: Point, factor: number, dx: number, dy: number) => void;
  status: RenderStatus;
} {
  const poolRef = useRef<RenderPool | null>(null);
  const previewRef = useRef<HTMLCanvasElement | null>(null);
  const [status, setStatus] = useState<RenderStatus>({
    busy: true,
    lastFrameMs: null,
    workers: 0,
    kernel: null,
  });

  useEffect(() => {
    const pool = new RenderPool(spawnRenderWorker, defaultWorkerCount());
    poolRef.current = pool;
    setStatus((s) => ({ ...s, workers: pool.size }));
    return () => {
      pool.dispose();
      poolRef.current = null;
    };
  }, []);

  const render = useCallback(
    (view: View) => {
      const pool = poolRef.current;
      const ctx = canvasRef.current?.getContext('2d');
      if (!pool || !ctx) return;
      const small = passSize(CANVAS_WIDTH, CANVAS_HEIGHT, PREVIEW_STEP);
      previewRef.current ??= document.createElement('canvas');
      const preview = previewRef.current;
      preview.width = small.width;
      preview.height = small.height;
      const previewCtx = preview.getContext('2d');
      if (!previewCtx) return;
      setStatus((s) => ({ ...s, busy: true }));
      const frame = {
        view,
        width: CANVAS_WIDTH,
        height: CANVAS_HEIGHT,
        maxIterations: maxIterationsFor(view),
      };
      // The preview's counts wait until the whole preview is in: their least sets the colouring of the frame.
      const previewTiles: { tile: Tile; values: Float64Array }[] = [];
      let floor = Infinity;
      const paint = (target: CanvasRenderingContext2D, tile: Tile, values: Float64Array) => {
        target.putImageData(
          new ImageData(colourValues(values, floor), tile.width, tile.height),
          tile.x,
          tile.y,
        );
      };
      pool.render(frame, [PREVIEW_STEP, 1], {
        onTile(step, tile, values) {
          if (step === 1) paint(ctx, tile, values);
          else previewTiles.push({ tile, values });
        },
        onPassDone(step) {
          if (step !== PREVIEW_STEP) return;
          floor = previewTiles.reduce((least, { values }) => leastEscape(values, least), Infinity);
          for (const { tile, values } of previewTiles) paint(previewCtx, tile, values);
          ctx.imageSmoothingEnabled = true;
          ctx.imageSmoothingQuality = 'high';
          ctx.drawImage(preview, 0, 0, small.width * PREVIEW_STEP, small.height * PREVIEW_STEP);
        },
        onFrameDone(elapsedMs, kernel) {
          setStatus((s) => ({ ...s, busy: false, lastFrameMs: elapsedMs, kernel }));
        },
      });
    },
    [canvasRef],
  );

  const snapshotRef = useRef<HTMLCanvasElement | null>(null);
  const warp = useCallback(
    (at: Point, factor: number, dx: number, dy: number) => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      snapshotRef.current ??= document.createElement('canvas');
      const snapshot = snapshotRef.current;
      snapshot.width = CANVAS_WIDTH;
      snapshot.height = CANVAS_HEIGHT;
      snapshot.getContext('2d')?.drawImage(canvas, 0, 0);
      ctx.fillStyle = '#000413';
      ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
      ctx.drawImage(
        snapshot,
        at.x - at.x * factor + dx,
        at.y - at.y * factor + dy,
        CANVAS_WIDTH * factor,
        CANVAS_HEIGHT * factor,
      );
    },
    [canvasRef],
  );

  return { render, warp, status };
}
