/** Small pictures drawn on the minesweeper canvas: bevels, mines, flags, the face and the LED counters. */

/** A raised (or, with `sunken`, pressed-in) 3D edge around a rectangle, in the classic style. */
export function bevel(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  width: number,
  sunken = false,
): void {
  const light = sunken ? '#868c94' : '#fbfcfd';
  const dark = sunken ? '#fbfcfd' : '#868c94';
  ctx.fillStyle = light;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + w, y);
  ctx.lineTo(x + w - width, y + width);
  ctx.lineTo(x + width, y + width);
  ctx.lineTo(x + width, y + h - width);
  ctx.lineTo(x, y + h);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = dark;
  ctx.beginPath();
  ctx.moveTo(x + w, y + h);
  ctx.lineTo(x, y + h);
  ctx.lineTo(x + width, y + h - width);
  ctx.lineTo(x + w - width, y + h - width);
  ctx.lineTo(x + w - width, y + width);
  ctx.lineTo(x + w, y);
  ctx.closePath();
  ctx.fill();
}

/** A mine centred in a cell of size `s`. */
export function mine(ctx: CanvasRenderingContext2D, cx: number, cy: number, s: number): void {
  const r = s * 0.26;
  ctx.strokeStyle = '#15181c';
  ctx.lineWidth = Math.max(1.5, s * 0.07);
  ctx.lineCap = 'round';
  ctx.beginPath();
  for (let k = 0; k < 4; k++) {
    const a = (k * Math.PI) / 4;
    ctx.moveTo(cx - Math.cos(a) * r * 1.45, cy - Math.sin(a) * r * 1.45);
    ctx.lineTo(cx + Math.cos(a) * r * 1.45, cy + Math.sin(a) * r * 1.45);
  }
  ctx.stroke();
  const body = ctx.createRadialGradient(cx - r * 0.4, cy - r * 0.4, r * 0.1, cx, cy, r);
  body.addColorStop(0, '#59616b');
  body.addColorStop(1, '#0f1114');
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.beginPath();
  ctx.arc(cx - r * 0.35, cy - r * 0.35, r * 0.22, 0, Math.PI * 2);
  ctx.fill();
}

/** A red flag on a pole, centred in a cell of size `s`. */
export function flag(ctx: CanvasRenderingContext2D, cx: number, cy: number, s: number): void {
  const poleX = cx + s * 0.06;
  ctx.fillStyle = '#15181c';
  ctx.fillRect(cx - s * 0.22, cy + s * 0.2, s * 0.46, s * 0.08);
  ctx.fillRect(cx - s * 0.12, cy + s * 0.14, s * 0.26, s * 0.08);
  ctx.fillRect(poleX - s * 0.03, cy - s * 0.3, s * 0.06, s * 0.5);
  ctx.fillStyle = '#e03131';
  ctx.beginPath();
  ctx.moveTo(poleX + s * 0.02, cy - s * 0.32);
  ctx.lineTo(poleX - s * 0.3, cy - s * 0.17);
  ctx.lineTo(poleX + s * 0.02, cy - s * 0.02);
  ctx.closePath();
  ctx.fill();
}

/** A red cross over a cell, marking a flag that was wrong. */
export function cross(ctx: CanvasRenderingContext2D, cx: number, cy: number, s: number): void {
  const d = s * 0.3;
  ctx.strokeStyle = '#e03131';
  ctx.lineWidth = Math.max(2, s * 0.09);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(cx - d, cy - d);
  ctx.lineTo(cx + d, cy + d);
  ctx.moveTo(cx + d, cy - d);
  ctx.lineTo(cx - d, cy + d);
  ctx.stroke();
}

/** The face's expression: normal, holding its breath while a cell is pressed, cool after a win, dead after a loss. */
export type Mood = 'smile' | 'wow' | 'cool' | 'dead';

/** The restart button: a smiley in a raised square. */
export function face(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  size: number,
  mood: Mood,
  pressed: boolean,
): void {
  ctx.fillStyle = '#c4c9d0';
  ctx.fillRect(x, y, size, size);
  bevel(ctx, x, y, size, size, 3, pressed);
  const cx = x + size / 2 + (pressed ? 1 : 0);
  const cy = y + size / 2 + (pressed ? 1 : 0);
  const r = size * 0.34;
  ctx.fillStyle = '#ffd43b';
  ctx.strokeStyle = '#3b3000';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#1d1d1d';
  ctx.strokeStyle = '#1d1d1d';
  const ex = r * 0.38;
  const ey = cy - r * 0.25;
  if (mood === 'dead') {
    ctx.lineWidth = 1.6;
    ctx.beginPath();
    for (const sx of [-1, 1]) {
      const px = cx + sx * ex;
      ctx.moveTo(px - 2.5, ey - 2.5);
      ctx.lineTo(px + 2.5, ey + 2.5);
      ctx.moveTo(px + 2.5, ey - 2.5);
      ctx.lineTo(px - 2.5, ey + 2.5);
    }
    ctx.stroke();
  } else if (mood === 'cool') {
    ctx.beginPath();
    ctx.moveTo(cx - r * 0.85, ey - 2);
    ctx.lineTo(cx + r * 0.85, ey - 2);
    ctx.lineTo(cx + r * 0.7, ey + 4);
    ctx.lineTo(cx + r * 0.1, ey + 4);
    ctx.lineTo(cx, ey);
    ctx.lineTo(cx - r * 0.1, ey + 4);
    ctx.lineTo(cx - r * 0.7, ey + 4);
    ctx.closePath();
    ctx.fill();
  } else {
    for (const sx of [-1, 1]) {
      ctx.beginPath();
      ctx.arc(cx + sx * ex, ey, 2.2, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.lineWidth = 1.8;
  ctx.beginPath();
  if (mood === 'wow') ctx.arc(cx, cy + r * 0.35, r * 0.18, 0, Math.PI * 2);
  else if (mood === 'dead') ctx.arc(cx, cy + r * 0.62, r * 0.38, Math.PI * 1.15, Math.PI * 1.85);
  else ctx.arc(cx, cy + r * 0.05, r * 0.5, Math.PI * 0.2, Math.PI * 0.8);
  ctx.stroke();
}

/** Lit segments per character, in the order top, top-right, bottom-right, bottom, bottom-left, top-left, middle. */
const SEGMENTS: Record<string, string> = {
  '0': '1111110',
  '1': '0110000',
  '2': '1101101',
  '3': '1111001',
  '4': '0110011',
  '5': '1011011',
  '6': '1011111',
  '7': '1110000',
  '8': '1111111',
  '9': '1111011',
  '-': '0000001',
};

function digit(ctx: CanvasRenderingContext2D, ch: string, x: number, y: number, w: number, h: number): void {
  const lit = SEGMENTS[ch] ?? '0000000';
  const t = w * 0.2;
  const l = x + t / 2 + 1;
  const r = x + w - t / 2 - 1;
  const top = y + t / 2 + 1;
  const mid = y + h / 2;
  const bottom = y + h - t / 2 - 1;
  const lines: readonly [number, number, number, number][] = [
    [l + t * 0.6, top, r - t * 0.6, top],
    [r, top + t * 0.6, r, mid - t * 0.6],
    [r, mid + t * 0.6, r, bottom - t * 0.6],
    [l + t * 0.6, bottom, r - t * 0.6, bottom],
    [l, mid + t * 0.6, l, bottom - t * 0.6],
    [l, top + t * 0.6, l, mid - t * 0.6],
    [l + t * 0.6, mid, r - t * 0.6, mid],
  ];
  ctx.lineWidth = t;
  ctx.lineCap = 'round';
  lines.forEach(([x1, y1, x2, y2], i) => {
    ctx.strokeStyle = lit[i] === '1' ? '#ff3b2f' : 'rgba(255,59,47,0.13)';
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    ctx.stroke();
  });
}

/** A three-digit red LED display of `value` (clamped to -99..999) in a sunken black box. */
export function led(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  value: number,
): { w: number; h: number } {
  const w = 78;
  const h = 44;
  ctx.fillStyle = '#140505';
  ctx.fillRect(x, y, w, h);
  bevel(ctx, x - 2, y - 2, w + 4, h + 4, 2, true);
  const clamped = Math.max(-99, Math.min(999, Math.trunc(value)));
  const text = clamped < 0 ? `-${String(-clamped).padStart(2, '0')}` : String(clamped).padStart(3, '0');
  [...text].forEach((ch, i) => digit(ctx, ch, x + 5 + i * 23, y + 5, 22, h - 10));
  return { w, h };
}
