/** The axis-aligned box around a drawing, in turtle units (y up). */
export interface Bounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The lines a turtle drew. */
export interface Drawing {
  /** Segment i runs from (segments[4i], segments[4i+1]) to (segments[4i+2], segments[4i+3]). */
  readonly segments: Float32Array;
  /** Branch depth (open brackets) at which each segment was drawn, capped at 255. */
  readonly depths: Uint8Array;
  readonly count: number;
  /** Deepest branch reached; 0 for programs without brackets. */
  readonly maxDepth: number;
  /** Null when nothing was drawn. */
  readonly bounds: Bounds | null;
}

const DEG = Math.PI / 180;

function countDrawn(word: string): number {
  let n = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c === 70 || c === 71) n++; // F, G
  }
  return n;
}

/**
 * Walks the word with a turtle taking unit steps: F and G draw forward, f moves
 * without drawing, + turns anticlockwise and − clockwise by `angle` degrees,
 * | turns around, [ saves the position and heading and ] returns to it. Other
 * symbols do nothing. Brackets must be balanced.
 */
export function walk(word: string, angle: number, heading: number): Drawing {
  const count = countDrawn(word);
  const segments = new Float32Array(count * 4);
  const depths = new Uint8Array(count);
  const stack: number[] = [];
  let x = 0;
  let y = 0;
  let dir = heading * DEG;
  const turn = angle * DEG;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let n = 0;
  let maxDepth = 0;
  for (let i = 0; i < word.length; i++) {
    switch (word[i]) {
      case 'F':
      case 'G': {
        const nx = x + Math.cos(dir);
        const ny = y + Math.sin(dir);
        segments[n * 4] = x;
        segments[n * 4 + 1] = y;
        segments[n * 4 + 2] = nx;
        segments[n * 4 + 3] = ny;
        depths[n] = Math.min(255, stack.length / 3);
        n++;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
        if (nx < minX) minX = nx;
        if (nx > maxX) maxX = nx;
        if (ny < minY) minY = ny;
        if (ny > maxY) maxY = ny;
        x = nx;
        y = ny;
        break;
      }
      case 'f':
        x += Math.cos(dir);
        y += Math.sin(dir);
        break;
      case '+':
        dir += turn;
        break;
      case '-':
        dir -= turn;
        break;
      case '|':
        dir += Math.PI;
        break;
      case '[':
        stack.push(x, y, dir);
        maxDepth = Math.max(maxDepth, stack.length / 3);
        break;
      case ']':
        dir = stack.pop() ?? dir;
        y = stack.pop() ?? y;
        x = stack.pop() ?? x;
        break;
    }
  }
  const bounds = count > 0 ? { minX, minY, maxX, maxY } : null;
  return { segments, depths, count, maxDepth: Math.min(255, maxDepth), bounds };
}

/** Maps turtle coordinates to canvas pixels: canvas x = offsetX + x·scale, canvas y = offsetY − y·scale. */
export interface Placement {
  readonly scale: number;
  readonly offsetX: number;
  readonly offsetY: number;
}

/**
 * The placement that centres the bounds on a width×height canvas and makes them
 * as large as fits inside the margin, keeping proportions. A drawing with no
 * width or height (a straight line) is scaled by its other side.
 */
export function fitToCanvas(bounds: Bounds, width: number, height: number, margin: number): Placement {
  const w = bounds.maxX - bounds.minX;
  const h = bounds.maxY - bounds.minY;
  const sx = w > 0 ? (width - 2 * margin) / w : Infinity;
  const sy = h > 0 ? (height - 2 * margin) / h : Infinity;
  const fitted = Math.min(sx, sy);
  const scale = Number.isFinite(fitted) ? fitted : 1;
  return {
    scale,
    offsetX: width / 2 - ((bounds.minX + bounds.maxX) / 2) * scale,
    offsetY: height / 2 + ((bounds.minY + bounds.maxY) / 2) * scale,
  };
}

/**
 * The placement after the user's zoom (about the canvas centre) and pan (in
 * canvas pixels) on top of a fitted one.
 */
export function adjustPlacement(
  fitted: Placement,
  zoom: number,
  panX: number,
  panY: number,
  width: number,
  height: number,
): Placement {
  return {
    scale: fitted.scale * zoom,
    offsetX: width / 2 + (fitted.offsetX - width / 2) * zoom + panX,
    offsetY: height / 2 + (fitted.offsetY - height / 2) * zoom + panY,
  };
}
