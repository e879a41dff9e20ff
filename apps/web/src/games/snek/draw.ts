import type { Direction, Point, SnekState } from './logic.ts';

/** Drawing size of the canvas in CSS pixels at full width. */
export const CANVAS_WIDTH = 800;
/** Drawing height of the canvas. */
export const CANVAS_HEIGHT = 600;

/** A spark thrown out when food is eaten; coordinates in cells, life from 1 down to 0. */
export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
}

/** Everything one frame needs: the game, where the snake was one tick ago, and how far it has moved since. */
export interface Frame {
  readonly state: SnekState;
  readonly previous: readonly Point[];
  /** 0 at the last tick, 1 at the next. */
  readonly progress: number;
  /** Milliseconds, for the food's pulse. */
  readonly time: number;
  readonly particles: readonly Particle[];
  readonly best: number;
}

const COLORS = {
  board: '#0f1b16',
  boardAlt: '#13221b',
  edge: '#2f4a3d',
  outline: '#08110d',
  head: [132, 230, 120],
  tail: [34, 150, 120],
  crashed: '#ff6b6b',
  food: '#ff5a5f',
  leaf: '#5fd068',
  eye: '#ffffff',
  pupil: '#10201a',
  spark: '255, 200, 90',
} as const;

const EYE_SIDE: Readonly<Record<Direction, [number, number]>> = {
  up: [1, 0],
  down: [1, 0],
  left: [0, 1],
  right: [0, 1],
};
const FORWARD: Readonly<Record<Direction, [number, number]>> = {
  up: [0, -1],
  down: [0, 1],
  left: [-1, 0],
  right: [1, 0],
};

function drawBoard(ctx: CanvasRenderingContext2D, state: SnekState, cell: number): void {
  ctx.fillStyle = COLORS.board;
  ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  ctx.fillStyle = COLORS.boardAlt;
  for (let y = 0; y < state.config.height; y += 1) {
    for (let x = y % 2; x < state.config.width; x += 2) ctx.fillRect(x * cell, y * cell, cell, cell);
  }
  ctx.strokeStyle = COLORS.edge;
  ctx.lineWidth = 4;
  ctx.strokeRect(2, 2, CANVAS_WIDTH - 4, CANVAS_HEIGHT - 4);
}

function drawFood(ctx: CanvasRenderingContext2D, food: Point, cell: number, time: number): void {
  const cx = (food.x + 0.5) * cell;
  const cy = (food.y + 0.55) * cell;
  const r = cell * 0.36 * (1 + 0.07 * Math.sin(time / 180));
  ctx.save();
  ctx.shadowColor = COLORS.food;
  ctx.shadowBlur = 16;
  ctx.fillStyle = COLORS.food;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  ctx.fillStyle = 'rgba(255,255,255,0.55)';
  ctx.beginPath();
  ctx.arc(cx - r * 0.35, cy - r * 0.35, r * 0.25, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = COLORS.leaf;
  ctx.beginPath();
  ctx.ellipse(cx + r * 0.3, cy - r * 1.05, r * 0.4, r * 0.18, -0.6, 0, Math.PI * 2);
  ctx.fill();
}

/** Body points in pixels, each segment slid from where it was one tick ago toward where it is now. */
function bodyPoints(frame: Frame, cell: number): Point[] {
  const { snake } = frame.state;
  const t = frame.state.status === 'running' ? frame.progress : 1;
  return snake.map((now, i) => {
    const before = frame.previous[i] ?? frame.previous[frame.previous.length - 1] ?? now;
    return {
      x: (before.x + (now.x - before.x) * t + 0.5) * cell,
      y: (before.y + (now.y - before.y) * t + 0.5) * cell,
    };
  });
}

function mix(a: readonly number[], b: readonly number[], t: number): string {
  const [r, g, bl] = a.map((v, i) => Math.round(v + ((b[i] as number) - v) * t));
  return `rgb(${r}, ${g}, ${bl})`;
}

function drawSnake(ctx: CanvasRenderingContext2D, frame: Frame, cell: number): void {
  const points = bodyPoints(frame, cell);
  const crashed = frame.state.status === 'over' && !frame.state.won;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  // A dark outline under the whole body separates the snake from the board.
  ctx.strokeStyle = COLORS.outline;
  ctx.lineWidth = cell * 0.92;
  ctx.beginPath();
  points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.stroke();
  for (let i = points.length - 1; i > 0; i -= 1) {
    const a = points[i] as Point;
    const b = points[i - 1] as Point;
    const along = 1 - i / Math.max(1, points.length - 1);
    ctx.strokeStyle = mix(COLORS.tail, COLORS.head, along);
    ctx.lineWidth = cell * (0.6 + 0.2 * along);
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
  }
  const head = points[0] as Point;
  ctx.fillStyle = crashed ? COLORS.crashed : mix(COLORS.head, COLORS.head, 1);
  ctx.beginPath();
  ctx.arc(head.x, head.y, cell * 0.46, 0, Math.PI * 2);
  ctx.fill();
  const dir = frame.state.direction;
  const [sx, sy] = EYE_SIDE[dir];
  const [fx, fy] = FORWARD[dir];
  for (const side of [-1, 1]) {
    const ex = head.x + sx * side * cell * 0.2 + fx * cell * 0.12;
    const ey = head.y + sy * side * cell * 0.2 + fy * cell * 0.12;
    ctx.fillStyle = COLORS.eye;
    ctx.beginPath();
    ctx.arc(ex, ey, cell * 0.12, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = COLORS.pupil;
    ctx.beginPath();
    ctx.arc(ex + fx * cell * 0.04, ey + fy * cell * 0.04, cell * 0.06, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawParticles(ctx: CanvasRenderingContext2D, particles: readonly Particle[], cell: number): void {
  for (const p of particles) {
    ctx.fillStyle = `rgba(${COLORS.spark}, ${p.life.toFixed(3)})`;
    ctx.beginPath();
    ctx.arc(p.x * cell, p.y * cell, cell * 0.12 * (0.5 + p.life), 0, Math.PI * 2);
    ctx.fill();
  }
}

function overlayText(state: SnekState, best: number): { title: string; lines: string[] } | null {
  switch (state.status) {
    case 'ready':
      return {
        title: 'Snek',
        lines: ['Arrow keys or WASD to steer · swipe on touch', 'Press Space or tap to start'],
      };
    case 'paused':
      return { title: 'Paused', lines: ['Press P, Space or tap to carry on'] };
    case 'over': {
      const record = state.score > 0 && state.score >= best ? 'New best score!' : `Best ${best}`;
      return {
        title: state.won ? 'Board cleared!' : 'Game over',
        lines: [`Score ${state.score} · ${record}`, 'Press Space or tap to play again'],
      };
    }
    default:
      return null;
  }
}

function drawOverlay(ctx: CanvasRenderingContext2D, state: SnekState, best: number): void {
  const text = overlayText(state, best);
  if (!text) return;
  ctx.fillStyle = 'rgba(6, 12, 10, 0.62)';
  ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#eafff1';
  ctx.font = '800 64px system-ui, -apple-system, "Segoe UI", sans-serif';
  ctx.fillText(text.title, CANVAS_WIDTH / 2, CANVAS_HEIGHT / 2 - 40);
  ctx.font = '500 24px system-ui, -apple-system, "Segoe UI", sans-serif';
  ctx.fillStyle = '#b9d8c6';
  text.lines.forEach((line, i) => ctx.fillText(line, CANVAS_WIDTH / 2, CANVAS_HEIGHT / 2 + 26 + i * 36));
}

/** Paints one frame of the game onto an 800 x 600 context. */
export function drawSnek(ctx: CanvasRenderingContext2D, frame: Frame): void {
  const cell = CANVAS_WIDTH / frame.state.config.width;
  drawBoard(ctx, frame.state, cell);
  if (frame.state.food) drawFood(ctx, frame.state.food, cell, frame.time);
  drawSnake(ctx, frame, cell);
  drawParticles(ctx, frame.particles, cell);
  drawOverlay(ctx, frame.state, frame.best);
}
