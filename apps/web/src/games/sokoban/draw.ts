import { boardLayout, type BoardLayout, type BoardSize } from './layout.ts';
import type { Direction, SokobanState } from './logic.ts';

/** The last step, slid over a few frames: keeper and (when pushed) box travel from `from` to `to`. */
export interface Motion {
  readonly player: readonly [number, number];
  readonly box: readonly [number, number] | null;
}

/** What one frame shows. */
export interface Frame {
  readonly state: SokobanState;
  readonly motion: Motion | null;
  /** 0 when the step starts, 1 when it has finished. */
  readonly progress: number;
  readonly solved: boolean;
}

const COLORS = {
  skyTop: '#1f2536',
  skyBottom: '#12151f',
  floor: '#2c3245',
  floorAlt: '#30374b',
  wall: '#5d6780',
  wallTop: '#7a85a1',
  wallShade: '#414860',
  goal: '#f5b942',
  crate: '#d49b55',
  crateEdge: '#8c5a24',
  crateBoard: '#b37a3a',
  crateDone: '#4cc38a',
  crateDoneEdge: '#1f7a4d',
  crateDoneBoard: '#3aa774',
  keeper: '#59a8ff',
  keeperEdge: '#1e5cab',
  eye: '#ffffff',
  pupil: '#14213d',
} as const;

const LOOK: Readonly<Record<Direction, [number, number]>> = {
  up: [0, -1],
  down: [0, 1],
  left: [-1, 0],
  right: [1, 0],
};

function roundRect(
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

function cellOrigin(layout: BoardLayout, index: number): [number, number] {
  return [
    layout.offsetX + (index % layout.columns) * layout.tile,
    layout.offsetY + Math.floor(index / layout.columns) * layout.tile,
  ];
}

/** Position of a moving piece between two cells, in pixels of the cell's top-left corner. */
function slide(layout: BoardLayout, from: number, to: number, t: number): [number, number] {
  const [ax, ay] = cellOrigin(layout, from);
  const [bx, by] = cellOrigin(layout, to);
  const eased = 1 - (1 - t) * (1 - t);
  return [ax + (bx - ax) * eased, ay + (by - ay) * eased];
}

function drawTiles(ctx: CanvasRenderingContext2D, state: SokobanState, layout: BoardLayout): void {
  const { level } = state;
  const s = layout.tile;
  for (let i = 0; i < level.walls.length; i += 1) {
    const [x, y] = cellOrigin(layout, i);
    if (level.inside[i]) {
      ctx.fillStyle =
        ((i % layout.columns) + Math.floor(i / layout.columns)) % 2 ? COLORS.floorAlt : COLORS.floor;
      ctx.fillRect(x, y, s, s);
    }
  }
  for (let i = 0; i < level.walls.length; i += 1) {
    if (!level.walls[i]) continue;
    const [x, y] = cellOrigin(layout, i);
    ctx.fillStyle = COLORS.wallShade;
    roundRect(ctx, x + 1, y + 1, s - 2, s - 2, s * 0.14);
    ctx.fill();
    ctx.fillStyle = COLORS.wall;
    roundRect(ctx, x + 1, y + 1, s - 2, s * 0.82, s * 0.14);
    ctx.fill();
    ctx.fillStyle = COLORS.wallTop;
    roundRect(ctx, x + s * 0.16, y + s * 0.12, s * 0.68, s * 0.16, s * 0.08);
    ctx.fill();
  }
  for (let i = 0; i < level.goals.length; i += 1) {
    if (!level.goals[i]) continue;
    const [x, y] = cellOrigin(layout, i);
    ctx.strokeStyle = COLORS.goal;
    ctx.lineWidth = Math.max(2, s * 0.07);
    ctx.beginPath();
    ctx.arc(x + s / 2, y + s / 2, s * 0.24, 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillStyle = COLORS.goal;
    ctx.beginPath();
    ctx.arc(x + s / 2, y + s / 2, s * 0.09, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawCrate(ctx: CanvasRenderingContext2D, x: number, y: number, s: number, onGoal: boolean): void {
  const inset = s * 0.1;
  const size = s - inset * 2;
  ctx.save();
  if (onGoal) {
    ctx.shadowColor = COLORS.crateDone;
    ctx.shadowBlur = s * 0.35;
  }
  ctx.fillStyle = onGoal ? COLORS.crateDone : COLORS.crate;
  roundRect(ctx, x + inset, y + inset, size, size, s * 0.1);
  ctx.fill();
  ctx.restore();
  ctx.strokeStyle = onGoal ? COLORS.crateDoneEdge : COLORS.crateEdge;
  ctx.lineWidth = Math.max(2, s * 0.07);
  roundRect(ctx, x + inset, y + inset, size, size, s * 0.1);
  ctx.stroke();
  ctx.strokeStyle = onGoal ? COLORS.crateDoneBoard : COLORS.crateBoard;
  ctx.lineWidth = Math.max(2, s * 0.08);
  const a = inset + s * 0.12;
  const b = s - a;
  ctx.beginPath();
  ctx.moveTo(x + a, y + a);
  ctx.lineTo(x + b, y + b);
  ctx.moveTo(x + b, y + a);
  ctx.lineTo(x + a, y + b);
  ctx.stroke();
}

function drawKeeper(ctx: CanvasRenderingContext2D, x: number, y: number, s: number, facing: Direction): void {
  const cx = x + s / 2;
  const cy = y + s / 2;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.3)';
  ctx.beginPath();
  ctx.ellipse(cx, y + s * 0.86, s * 0.28, s * 0.08, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = COLORS.keeper;
  ctx.strokeStyle = COLORS.keeperEdge;
  ctx.lineWidth = Math.max(2, s * 0.06);
  ctx.beginPath();
  ctx.arc(cx, cy, s * 0.33, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  const [lx, ly] = LOOK[facing];
  // Eyes side by side, glancing the way the keeper last stepped.
  for (const side of [-1, 1]) {
    const ex = cx + side * s * 0.12 + lx * s * 0.08;
    const ey = cy - s * 0.05 + ly * s * 0.07;
    ctx.fillStyle = COLORS.eye;
    ctx.beginPath();
    ctx.arc(ex, ey, s * 0.085, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = COLORS.pupil;
    ctx.beginPath();
    ctx.arc(ex + lx * s * 0.04, ey + ly * s * 0.04, s * 0.045, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawSolvedBanner(ctx: CanvasRenderingContext2D, state: SokobanState, size: BoardSize): void {
  // Drawn for an 800 px wide board and scaled down with a narrower one, so it stays inside a phone's board.
  const k = Math.min(1, size.width / 800, size.height / 240);
  const y = size.height / 2 - 60 * k;
  ctx.fillStyle = 'rgba(10, 14, 24, 0.78)';
  ctx.fillRect(0, y, size.width, 120 * k);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#7ee2a8';
  ctx.font = `800 ${Math.round(52 * k)}px system-ui, -apple-system, "Segoe UI", sans-serif`;
  ctx.fillText('Solved!', size.width / 2, y + 46 * k);
  ctx.fillStyle = '#d5dcef';
  ctx.font = `500 ${Math.max(12, Math.round(20 * k))}px system-ui, -apple-system, "Segoe UI", sans-serif`;
  ctx.fillText(`${state.moves} moves · ${state.pushes} pushes`, size.width / 2, y + 92 * k);
}

/** Paints one frame of the warehouse onto a context whose units are the canvas's CSS pixels. */
export function drawSokoban(ctx: CanvasRenderingContext2D, frame: Frame, size: BoardSize): void {
  const { state, motion, progress } = frame;
  const layout = boardLayout(state.level.width, state.level.height, size.width, size.height);
  const sky = ctx.createLinearGradient(0, 0, 0, size.height);
  sky.addColorStop(0, COLORS.skyTop);
  sky.addColorStop(1, COLORS.skyBottom);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, size.width, size.height);
  drawTiles(ctx, state, layout);
  const moving = progress < 1 ? motion : null;
  for (const box of state.boxes) {
    const [x, y] =
      moving?.box && moving.box[1] === box
        ? slide(layout, moving.box[0], box, progress)
        : cellOrigin(layout, box);
    drawCrate(ctx, x, y, layout.tile, state.level.goals[box] === true);
  }
  const [px, py] = moving
    ? slide(layout, moving.player[0], state.player, progress)
    : cellOrigin(layout, state.player);
  drawKeeper(ctx, px, py, layout.tile, state.facing);
  if (frame.solved) drawSolvedBanner(ctx, state, size);
}
