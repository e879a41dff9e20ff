import { HEIGHT, WIDTH, type Layout } from './layout.ts';
import { elapsedSeconds, isWrongFlag, minesLeft, neighbours, type Game } from './logic.ts';
import { bevel, cross, face, flag, led, mine, type Mood } from './sprites.ts';

/** The classic colours of the numbers 1 to 8. */
const NUMBER_COLOURS = [
  '',
  '#1f4fd6',
  '#1d8a2a',
  '#d92b2b',
  '#1b2a8f',
  '#8a1c1c',
  '#138a8a',
  '#1d1d1d',
  '#6b6f75',
];
const TILE = '#c4c9d0';
const OPEN = '#e3e6ea';

/** Everything the picture depends on. */
export interface Scene {
  readonly game: Game;
  readonly layout: Layout;
  /** Keyboard cursor, shown while the board has focus. */
  readonly cursor: number | null;
  /** Cell held down by the mouse or a finger (drawn pressed in, with its hidden neighbours when chording). */
  readonly pressed: number | null;
  readonly facePressed: boolean;
}

function moodOf(scene: Scene): Mood {
  if (scene.game.status === 'won') return 'cool';
  if (scene.game.status === 'lost') return 'dead';
  return scene.pressed !== null ? 'wow' : 'smile';
}

/** Cells drawn pressed in: the held cell if hidden, or the hidden neighbours of a held number. */
function pressedCells(scene: Scene): Set<number> {
  const { game, pressed } = scene;
  if (pressed === null || game.status === 'won' || game.status === 'lost') return new Set();
  if (game.cells[pressed] === 'hidden') return new Set([pressed]);
  if (game.cells[pressed] === 'revealed') {
    return new Set(neighbours(game.level, pressed).filter((n) => game.cells[n] === 'hidden'));
  }
  return new Set();
}

function drawCell(ctx: CanvasRenderingContext2D, scene: Scene, index: number, down: boolean): void {
  const { game, layout } = scene;
  const s = layout.cell;
  const x = layout.grid.x + (index % game.level.cols) * s;
  const y = layout.grid.y + Math.floor(index / game.level.cols) * s;
  const cx = x + s / 2;
  const cy = y + s / 2;
  const state = game.cells[index];
  const lost = game.status === 'lost';
  const showMine = lost && game.mines[index] && state !== 'flagged';

  if (state === 'revealed' || showMine || down) {
    ctx.fillStyle = index === game.exploded ? '#f03e3e' : OPEN;
    ctx.fillRect(x, y, s, s);
    ctx.strokeStyle = '#aeb4bc';
    ctx.lineWidth = 1;
    ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
    if (showMine) mine(ctx, cx, cy, s);
    else if (state === 'revealed' && !game.mines[index] && game.counts[index]! > 0) {
      const count = game.counts[index]!;
      ctx.fillStyle = NUMBER_COLOURS[count]!;
      ctx.font = `800 ${Math.round(s * 0.62)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(count), cx, cy + s * 0.04);
    }
    return;
  }
  ctx.fillStyle = TILE;
  ctx.fillRect(x, y, s, s);
  bevel(ctx, x, y, s, s, Math.max(2, Math.round(s * 0.1)));
  if (state === 'flagged') {
    flag(ctx, cx, cy, s);
    if (isWrongFlag(game, index)) cross(ctx, cx, cy, s);
  }
}

function drawCursor(ctx: CanvasRenderingContext2D, scene: Scene): void {
  if (scene.cursor === null) return;
  const { layout, game } = scene;
  const s = layout.cell;
  const x = layout.grid.x + (scene.cursor % game.level.cols) * s;
  const y = layout.grid.y + Math.floor(scene.cursor / game.level.cols) * s;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 4;
  ctx.strokeRect(x + 2, y + 2, s - 4, s - 4);
  ctx.strokeStyle = '#1c64f2';
  ctx.lineWidth = 2.5;
  ctx.strokeRect(x + 2, y + 2, s - 4, s - 4);
}

/** Paints the board, header (mine counter, face, timer) and frame at time `now`. */
export function drawScene(ctx: CanvasRenderingContext2D, scene: Scene, now: number): void {
  const { layout, game } = scene;
  const bg = ctx.createLinearGradient(0, 0, 0, HEIGHT);
  bg.addColorStop(0, '#e8edf3');
  bg.addColorStop(1, '#cfd7e1');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);

  const { frame, header, grid } = layout;
  ctx.save();
  ctx.shadowColor = 'rgba(30,40,60,0.35)';
  ctx.shadowBlur = 18;
  ctx.shadowOffsetY = 6;
  ctx.fillStyle = TILE;
  ctx.fillRect(frame.x, frame.y, frame.w, frame.h);
  ctx.restore();
  bevel(ctx, frame.x, frame.y, frame.w, frame.h, 4);
  bevel(ctx, header.x - 3, header.y - 3, header.w + 6, header.h + 6, 3, true);
  bevel(ctx, grid.x - 3, grid.y - 3, grid.w + 6, grid.h + 6, 3, true);

  const ledY = header.y + (header.h - 44) / 2;
  led(ctx, header.x + 10, ledY, minesLeft(game));
  led(ctx, header.x + header.w - 10 - 78, ledY, elapsedSeconds(game, now));
  face(ctx, layout.face.x, layout.face.y, layout.face.size, moodOf(scene), scene.facePressed);

  const down = pressedCells(scene);
  for (let i = 0; i < game.cells.length; i++) drawCell(ctx, scene, i, down.has(i));
  drawCursor(ctx, scene);
}
