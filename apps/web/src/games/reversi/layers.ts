import { FRAME, GRID, GRID_X, GRID_Y, CELL, HEIGHT, WIDTH } from './geometry.ts';
import type { Color } from './rules.ts';

/**
 * The parts of the picture that never change (backdrop, wooden frame, felt, grid) and the disc images are
 * painted once into off-screen canvases and then copied, because shadows and gradients are slow to redraw on
 * every animation frame, above all where the browser renders without a GPU.
 */

/** Room around a disc image for its shadow. */
const PAD = 10;

const cache = new Map<string, HTMLCanvasElement>();
/** The scale the cached images are painted at; the canvas follows its box, so images of an old size are dropped. */
let cachedScale = 0;

function layer(
  key: string,
  w: number,
  h: number,
  scale: number,
  paint: (ctx: CanvasRenderingContext2D) => void,
): HTMLCanvasElement {
  if (scale !== cachedScale) {
    cache.clear();
    cachedScale = scale;
  }
  const found = cache.get(key);
  if (found) return found;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(w * scale);
  canvas.height = Math.ceil(h * scale);
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.scale(scale, scale);
    paint(ctx);
  }
  cache.set(key, canvas);
  return canvas;
}

/** Pixel density the context draws at (its current horizontal scale). */
function densityOf(ctx: CanvasRenderingContext2D): number {
  return ctx.getTransform().a || 1;
}

/** Starts a rounded rectangle path. */
export function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function drawBackdrop(ctx: CanvasRenderingContext2D): void {
  const bg = ctx.createLinearGradient(0, 0, 0, HEIGHT);
  bg.addColorStop(0, '#252c33');
  bg.addColorStop(1, '#15191d');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
}

/** How much smaller the board's shadow is blurred than it is shown. */
const SHADOW_SHRINK = 4;

/**
 * The board's drop shadow (24 px blur, 8 px down, in backing-store pixels as a full-size canvas shadow would be),
 * blurred in a canvas SHRINK times smaller and scaled up. A blur is smooth, so it looks the same, while a canvas
 * rendered without a GPU blurs 16 times fewer pixels: the full-size blur was most of the board's first paint,
 * a long task on a phone.
 */
function drawBoardShadow(ctx: CanvasRenderingContext2D, x0: number, y0: number, size: number): void {
  const scale = densityOf(ctx) / SHADOW_SHRINK;
  const small = document.createElement('canvas');
  small.width = Math.ceil(WIDTH * scale);
  small.height = Math.ceil(HEIGHT * scale);
  const sctx = small.getContext('2d');
  if (!sctx) return;
  sctx.scale(scale, scale);
  // The shape itself is drawn above the canvas; only its shadow, moved back down by the offset, lands on it.
  const away = HEIGHT * 2;
  sctx.shadowColor = 'rgba(0,0,0,0.55)';
  sctx.shadowBlur = 24 / SHADOW_SHRINK;
  sctx.shadowOffsetY = away * scale + 8 / SHADOW_SHRINK;
  sctx.fillStyle = '#000';
  roundRect(sctx, x0, y0 - away, size, size, 14);
  sctx.fill();
  ctx.drawImage(small, 0, 0, WIDTH, HEIGHT);
}

function drawBoard(ctx: CanvasRenderingContext2D): void {
  const x0 = GRID_X - FRAME;
  const y0 = GRID_Y - FRAME;
  const size = GRID + FRAME * 2;
  drawBoardShadow(ctx, x0, y0, size);
  const wood = ctx.createLinearGradient(x0, y0, x0 + size, y0 + size);
  wood.addColorStop(0, '#7a4e2a');
  wood.addColorStop(0.5, '#5e3a1e');
  wood.addColorStop(1, '#4a2c15');
  ctx.fillStyle = wood;
  roundRect(ctx, x0, y0, size, size, 14);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255,230,190,0.25)';
  ctx.lineWidth = 2;
  roundRect(ctx, x0 + 3, y0 + 3, size - 6, size - 6, 11);
  ctx.stroke();

  const felt = ctx.createRadialGradient(
    GRID_X + GRID / 2,
    GRID_Y + GRID / 2,
    GRID * 0.1,
    GRID_X + GRID / 2,
    GRID_Y + GRID / 2,
    GRID * 0.75,
  );
  felt.addColorStop(0, '#2f9156');
  felt.addColorStop(1, '#17683a');
  ctx.fillStyle = felt;
  ctx.fillRect(GRID_X, GRID_Y, GRID, GRID);

  ctx.strokeStyle = 'rgba(6,40,20,0.75)';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (let i = 0; i <= 8; i++) {
    ctx.moveTo(GRID_X + i * CELL, GRID_Y);
    ctx.lineTo(GRID_X + i * CELL, GRID_Y + GRID);
    ctx.moveTo(GRID_X, GRID_Y + i * CELL);
    ctx.lineTo(GRID_X + GRID, GRID_Y + i * CELL);
  }
  ctx.stroke();
  ctx.fillStyle = 'rgba(6,40,20,0.85)';
  for (const [c, r] of [
    [2, 2],
    [6, 2],
    [2, 6],
    [6, 6],
  ] as const) {
    ctx.beginPath();
    ctx.arc(GRID_X + c * CELL, GRID_Y + r * CELL, 4, 0, Math.PI * 2);
    ctx.fill();
  }

  ctx.fillStyle = '#f0dfbc';
  ctx.font = '600 15px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let i = 0; i < 8; i++) {
    ctx.fillText('abcdefgh'[i]!, GRID_X + i * CELL + CELL / 2, GRID_Y - FRAME / 2);
    ctx.fillText(String(i + 1), GRID_X - FRAME / 2, GRID_Y + i * CELL + CELL / 2);
  }
}

/** Paints a shaded disc with its shadow, centred on the origin. */
function paintDisc(ctx: CanvasRenderingContext2D, r: number, color: Color): void {
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.5)';
  ctx.shadowBlur = 6;
  ctx.shadowOffsetY = 3;
  const body = ctx.createRadialGradient(-r * 0.35, -r * 0.4, r * 0.1, 0, 0, r);
  if (color === 'black') {
    body.addColorStop(0, '#5a5f66');
    body.addColorStop(0.45, '#1d2024');
    body.addColorStop(1, '#050607');
  } else {
    body.addColorStop(0, '#ffffff');
    body.addColorStop(0.55, '#eceae4');
    body.addColorStop(1, '#b9b6ad');
  }
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.strokeStyle = color === 'black' ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.18)';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.78, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/** Draws the unchanging board (backdrop, frame, felt, grid, coordinates) over the whole canvas. */
export function drawBoardLayer(ctx: CanvasRenderingContext2D): void {
  const scale = densityOf(ctx);
  const image = layer('board', WIDTH, HEIGHT, scale, (c) => {
    drawBackdrop(c);
    drawBoard(c);
  });
  ctx.drawImage(image, 0, 0, WIDTH, HEIGHT);
}

/**
 * A shaded disc of radius r at (cx, cy); `squash` (0..1) narrows it for the flip animation and `grow` scales it
 * as it is placed. Images are kept per radius, so animations must vary `grow`, not `r`.
 */
export function drawDisc(
  ctx: CanvasRenderingContext2D,
  cx: number,
  cy: number,
  r: number,
  color: Color,
  squash = 1,
  alpha = 1,
  grow = 1,
): void {
  const scale = densityOf(ctx);
  const size = 2 * (r + PAD);
  const image = layer(`disc:${color}:${r}`, size, size, scale, (c) => {
    c.translate(size / 2, size / 2);
    paintDisc(c, r, color);
  });
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.translate(cx, cy);
  ctx.scale(Math.max(squash, 0.04) * grow, grow);
  ctx.drawImage(image, -size / 2, -size / 2, size, size);
  ctx.restore();
}
