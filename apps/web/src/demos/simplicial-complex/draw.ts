import type { Camera } from './geometry.ts';
import type { Shape } from './scene.ts';

/** Drawing size of the canvas, in pixels (square). */
export const CANVAS_SIZE = 800;

/** Looks at the unit ball from 3.6 units away, filling most of the canvas. */
export const CAMERA: Camera = {
  distance: 3.6,
  focal: 1300,
  centerX: CANVAS_SIZE / 2,
  centerY: CANVAS_SIZE / 2,
};

/** 0 for the far side of the unit ball, 1 for the near side. */
function nearness(depth: number): number {
  return Math.min(1, Math.max(0, (CAMERA.distance + 1 - depth) / 2));
}

function paintBackground(ctx: CanvasRenderingContext2D): void {
  const glow = ctx.createRadialGradient(400, 380, 40, 400, 400, 620);
  glow.addColorStop(0, '#1b2140');
  glow.addColorStop(1, '#070a16');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  // The silhouette of the unit ball the points live in, for a sense of scale.
  const radius = CAMERA.focal / Math.sqrt(CAMERA.distance * CAMERA.distance - 1);
  ctx.beginPath();
  ctx.arc(CAMERA.centerX, CAMERA.centerY, radius, 0, Math.PI * 2);
  ctx.strokeStyle = 'rgba(140, 160, 255, 0.12)';
  ctx.setLineDash([4, 8]);
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Paints the shapes in the given (back to front) order; colour and size brighten towards the viewer. */
export function drawScene(ctx: CanvasRenderingContext2D, shapes: readonly Shape[]): void {
  paintBackground(ctx);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const shape of shapes) {
    const t = nearness(shape.depth);
    const hue = 195 + 80 * t;
    if (shape.kind === 'triangle') {
      const [a, b, c] = shape.corners;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.lineTo(c.x, c.y);
      ctx.closePath();
      ctx.fillStyle = `hsla(${hue}, 85%, 62%, ${0.14 + 0.18 * t})`;
      ctx.fill();
    } else if (shape.kind === 'edge') {
      const [a, b] = shape.ends;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.strokeStyle = `hsla(${hue}, 90%, ${70 + 12 * t}%, ${0.35 + 0.55 * t})`;
      ctx.lineWidth = 0.8 + 1.6 * t;
      ctx.stroke();
    } else {
      const r = 2.5 + 4 * t;
      ctx.beginPath();
      ctx.arc(shape.at.x, shape.at.y, r + 3, 0, Math.PI * 2);
      ctx.fillStyle = `hsla(${hue}, 90%, 70%, ${0.12 + 0.2 * t})`;
      ctx.fill();
      ctx.beginPath();
      ctx.arc(shape.at.x, shape.at.y, r, 0, Math.PI * 2);
      ctx.fillStyle = `hsl(${hue}, 100%, ${78 + 18 * t}%)`;
      ctx.fill();
    }
  }
}
