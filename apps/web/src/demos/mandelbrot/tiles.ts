/** A rectangle of pixels of one rendering pass. */
export interface Tile {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Size in pixels of the image a pass renders when it samples every `step`-th pixel. */
export function passSize(width: number, height: number, step: number): { width: number; height: number } {
  return { width: Math.ceil(width / step), height: Math.ceil(height / step) };
}

/**
 * Rows per tile for a pass `height` rows tall shared by `workers`: about eight
 * tiles per worker, so the last tiles even out the load, but no taller than 32
 * rows (keeps cancelling quick) and no shorter than 4: every tile costs a round
 * trip to the main thread, about 0.2 ms in which its worker may sit idle.
 */
export function rowsPerTile(height: number, workers: number): number {
  return Math.min(32, Math.max(4, Math.round(height / (Math.max(1, workers) * 8))));
}

/**
 * Cuts an image into full-width bands of at most `rows` rows. Bands are small so
 * that idle workers can take the next one (load balancing) and a cancelled
 * frame leaves little work in flight.
 */
export function splitRows(width: number, height: number, rows: number): Tile[] {
  const tiles: Tile[] = [];
  for (let y = 0; y < height; y += rows) {
    tiles.push({ x: 0, y, width, height: Math.min(rows, height - y) });
  }
  return tiles;
}

/** The tiles ordered by the distance of their centre from the image centre, so the middle appears first. */
export function centreFirst(tiles: readonly Tile[], width: number, height: number): Tile[] {
  const distance = (t: Tile): number =>
    Math.hypot(t.x + t.width / 2 - width / 2, t.y + t.height / 2 - height / 2);
  return [...tiles].sort((a, b) => distance(a) - distance(b));
}
