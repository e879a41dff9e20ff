import type { Drawing, Placement } from './turtle.ts';

/** Colour groups: one stroke call each keeps even two million segments quick to draw. */
const BUCKETS = 32;
/** Drawings with more segments are stroked with plain ends and corners. */
const ROUND_ENDS_LIMIT = 20_000;

/** One colour group of a drawing, in turtle coordinates. */
export interface Stroke {
  readonly path: Path2D;
  readonly colour: string;
  /** Line width in canvas pixels. */
  readonly width: number;
}

function mix(a: readonly number[], b: readonly number[], t: number): string {
  const c = a.map((v, i) => Math.round(v + ((b[i] as number) - v) * t));
  return `rgb(${c.join(', ')})`;
}

const BARK = [92, 62, 40];
const STEM = [61, 122, 52];
const LEAF = [132, 186, 78];

/**
 * Groups the segments into coloured paths: branching plants go from bark brown
 * at the trunk to fresh green at the tips (and thin out); curves shade from blue
 * to magenta along the path, so the order of drawing shows.
 */
export function buildStrokes(drawing: Drawing): Stroke[] {
  const paths = Array.from({ length: BUCKETS }, () => new Path2D());
  const used = new Array<boolean>(BUCKETS).fill(false);
  // Where each path's pen is: a segment that starts there continues the polyline
  // instead of opening a new one, which makes stroking far cheaper.
  const penX = new Float64Array(BUCKETS).fill(NaN);
  const penY = new Float64Array(BUCKETS).fill(NaN);
  const branching = drawing.maxDepth > 0;
  const { segments, depths, count } = drawing;
  for (let i = 0; i < count; i++) {
    const t = branching ? (depths[i] as number) / drawing.maxDepth : i / count;
    const bucket = Math.min(BUCKETS - 1, Math.floor(t * BUCKETS));
    const path = paths[bucket] as Path2D;
    const x0 = segments[i * 4] as number;
    const y0 = segments[i * 4 + 1] as number;
    if (x0 !== penX[bucket] || y0 !== penY[bucket]) path.moveTo(x0, y0);
    penX[bucket] = segments[i * 4 + 2] as number;
    penY[bucket] = segments[i * 4 + 3] as number;
    path.lineTo(penX[bucket], penY[bucket]);
    used[bucket] = true;
  }
  const strokes: Stroke[] = [];
  paths.forEach((path, bucket) => {
    if (!used[bucket]) return;
    const t = bucket / (BUCKETS - 1);
    strokes.push(
      branching
        ? {
            path,
            colour: t < 0.5 ? mix(BARK, STEM, t * 2) : mix(STEM, LEAF, t * 2 - 1),
            width: 2.6 - 1.6 * t,
          }
        : { path, colour: `hsl(${215 + 105 * t}, 70%, ${42 + 8 * t}%)`, width: 1.6 },
    );
  });
  return strokes;
}

/** Clears the canvas to paper and strokes the drawing (of `segmentCount` segments) at the placement. */
export function paint(
  ctx: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  segmentCount: number,
  placement: Placement,
  width: number,
  height: number,
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const paper = ctx.createLinearGradient(0, 0, 0, height);
  paper.addColorStop(0, '#fdfcf8');
  paper.addColorStop(1, '#f1efe6');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, width, height);
  ctx.setTransform(placement.scale, 0, 0, -placement.scale, placement.offsetX, placement.offsetY);
  // Round ends look best on small drawings; on big ones they are invisible and slow to draw.
  const fine = segmentCount < ROUND_ENDS_LIMIT;
  ctx.lineCap = fine ? 'round' : 'butt';
  ctx.lineJoin = fine ? 'round' : 'bevel';
  for (const stroke of strokes) {
    ctx.strokeStyle = stroke.colour;
    ctx.lineWidth = stroke.width / placement.scale;
    ctx.stroke(stroke.path);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}
