import { CELL, GRID_X, GRID_Y, PANEL_W, PANEL_X, squareCentre } from './geometry.ts';
import { drawBoardLayer, drawDisc, roundRect } from './layers.ts';
import { discAt, type Color, type Position } from './rules.ts';

/** How long one disc takes to turn over, and the delay between rings of flipped discs. */
const FLIP_MS = 320;
const RIPPLE_MS = 70;

/** Everything the board picture depends on. */
export interface Scene {
  readonly position: Position;
  /** Squares to mark as playable. */
  readonly hints: readonly number[];
  readonly lastMove: number | null;
  /** Square under the mouse, shown as a faint disc when playable. */
  readonly hover: number | null;
  /** Keyboard cursor, shown while the board has focus. */
  readonly cursor: number | null;
  /** Discs turned by the last move and when that move was drawn first (performance.now time). */
  readonly flipped: readonly number[];
  readonly animationStart: number;
  readonly thinking: boolean;
  /** Large result text once the game is over, else null. */
  readonly result: string | null;
  readonly counts: { readonly black: number; readonly white: number };
}

function ease(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/** Draws the discs; returns true while some flip is still in motion. */
function drawDiscs(ctx: CanvasRenderingContext2D, scene: Scene, now: number): boolean {
  const r = CELL * 0.41;
  const elapsed = now - scene.animationStart;
  const origin = scene.lastMove;
  let moving = false;
  for (let sq = 0; sq < 64; sq++) {
    const color = discAt(scene.position, sq);
    if (!color) continue;
    const { x, y } = squareCentre(sq);
    if (sq === origin && elapsed < FLIP_MS) {
      moving = true;
      const t = ease(Math.max(0, elapsed) / FLIP_MS);
      drawDisc(ctx, x, y, r, color, 1, 0.4 + 0.6 * t, 0.6 + 0.4 * t);
      continue;
    }
    if (origin !== null && scene.flipped.includes(sq)) {
      const ring = Math.max(Math.abs((sq >> 3) - (origin >> 3)), Math.abs((sq & 7) - (origin & 7)));
      const t = (elapsed - (ring - 1) * RIPPLE_MS) / FLIP_MS;
      if (t < 1) {
        moving = true;
        const p = ease(Math.min(1, Math.max(0, t)));
        const before: Color = color === 'black' ? 'white' : 'black';
        drawDisc(
          ctx,
          x,
          y - Math.sin(p * Math.PI) * 6,
          r,
          p < 0.5 ? before : color,
          Math.abs(Math.cos(p * Math.PI)),
        );
        continue;
      }
    }
    drawDisc(ctx, x, y, r, color);
  }
  if (origin !== null && !moving && discAt(scene.position, origin)) {
    const { x, y } = squareCentre(origin);
    ctx.fillStyle = '#e5484d';
    ctx.beginPath();
    ctx.arc(x, y, 5, 0, Math.PI * 2);
    ctx.fill();
  }
  return moving;
}

function drawHints(ctx: CanvasRenderingContext2D, scene: Scene): void {
  for (const sq of scene.hints) {
    const { x, y } = squareCentre(sq);
    if (sq === scene.hover || sq === scene.cursor) {
      drawDisc(ctx, x, y, CELL * 0.41, scene.position.toMove, 1, 0.45);
    } else {
      ctx.fillStyle = 'rgba(8,30,16,0.5)';
      ctx.beginPath();
      ctx.arc(x, y, 10, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = 'rgba(220,255,230,0.5)';
      ctx.lineWidth = 1.5;
      ctx.stroke();
    }
  }
  if (scene.cursor !== null) {
    const x = GRID_X + (scene.cursor & 7) * CELL;
    const y = GRID_Y + (scene.cursor >> 3) * CELL;
    ctx.strokeStyle = '#ffd54a';
    ctx.lineWidth = 3;
    roundRect(ctx, x + 3, y + 3, CELL - 6, CELL - 6, 8);
    ctx.stroke();
  }
}

function drawPlayerCard(
  ctx: CanvasRenderingContext2D,
  y: number,
  color: Color,
  label: string,
  count: number,
  active: boolean,
): void {
  ctx.fillStyle = active ? 'rgba(255,255,255,0.10)' : 'rgba(255,255,255,0.03)';
  roundRect(ctx, PANEL_X, y, PANEL_W, 96, 12);
  ctx.fill();
  if (active) {
    ctx.strokeStyle = '#ffd54a';
    ctx.lineWidth = 2;
    roundRect(ctx, PANEL_X + 1, y + 1, PANEL_W - 2, 94, 11);
    ctx.stroke();
  }
  drawDisc(ctx, PANEL_X + 40, y + 48, 24, color);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#aab4bd';
  ctx.font = '600 18px system-ui, sans-serif';
  ctx.fillText(label, PANEL_X + 76, y + 36);
  ctx.fillStyle = '#f4f6f8';
  ctx.font = '700 38px system-ui, sans-serif';
  ctx.fillText(String(count), PANEL_X + 76, y + 78);
}

function drawPanel(ctx: CanvasRenderingContext2D, scene: Scene, now: number): boolean {
  const toMove = scene.result ? null : scene.position.toMove;
  drawPlayerCard(ctx, GRID_Y, 'black', 'You', scene.counts.black, toMove === 'black');
  drawPlayerCard(ctx, GRID_Y + 112, 'white', 'Computer', scene.counts.white, toMove === 'white');

  const barY = GRID_Y + 228;
  const total = scene.counts.black + scene.counts.white || 1;
  const split = PANEL_W * (scene.counts.black / total);
  ctx.save();
  roundRect(ctx, PANEL_X, barY, PANEL_W, 12, 6);
  ctx.clip();
  ctx.fillStyle = '#e9e7e1';
  ctx.fillRect(PANEL_X, barY, PANEL_W, 12);
  ctx.fillStyle = '#0b0c0e';
  ctx.fillRect(PANEL_X, barY, split, 12);
  ctx.restore();
  ctx.strokeStyle = 'rgba(255,255,255,0.25)';
  ctx.lineWidth = 1;
  roundRect(ctx, PANEL_X, barY, PANEL_W, 12, 6);
  ctx.stroke();

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const midX = PANEL_X + PANEL_W / 2;
  if (scene.result) {
    ctx.fillStyle = '#aab4bd';
    ctx.font = '600 16px system-ui, sans-serif';
    ctx.fillText('GAME OVER', midX, barY + 48);
    ctx.fillStyle = '#ffd54a';
    let size = 30;
    do {
      ctx.font = `700 ${size}px system-ui, sans-serif`;
      size -= 2;
    } while (size > 12 && ctx.measureText(scene.result).width > PANEL_W - 8);
    ctx.fillText(scene.result, midX, barY + 84);
    return false;
  }
  if (scene.thinking) {
    ctx.fillStyle = '#d7dde2';
    ctx.font = '600 20px system-ui, sans-serif';
    ctx.fillText('Thinking', midX, barY + 60);
    for (let i = 0; i < 3; i++) {
      const phase = (now / 450 - i * 0.25) % 1;
      ctx.fillStyle = `rgba(255,213,74,${0.3 + 0.7 * Math.max(0, Math.sin(phase * Math.PI))})`;
      ctx.beginPath();
      ctx.arc(midX - 18 + i * 18, barY + 92, 6, 0, Math.PI * 2);
      ctx.fill();
    }
    return true;
  }
  ctx.fillStyle = '#d7dde2';
  ctx.font = '600 20px system-ui, sans-serif';
  ctx.fillText(toMove === 'black' ? 'Your move' : 'White to move', midX, barY + 60);
  return false;
}

/** Paints the whole scene. Returns true while something is animating, so the caller asks for another frame. */
export function drawScene(ctx: CanvasRenderingContext2D, scene: Scene, now: number): boolean {
  drawBoardLayer(ctx);
  const moving = drawDiscs(ctx, scene, now);
  if (!moving) drawHints(ctx, scene);
  else if (scene.cursor !== null) drawHints(ctx, { ...scene, hints: [] });
  const thinking = drawPanel(ctx, scene, now);
  return moving || thinking;
}
