import type { FrameSpec } from './render.ts';
import type { Tile } from './tiles.ts';

/** Asks a worker to render one tile of one pass of frame `generation`. */
export interface TileRequest {
  readonly type: 'tile';
  readonly generation: number;
  readonly frame: FrameSpec;
  readonly step: number;
  readonly tile: Tile;
}

/** Tells a worker to drop every queued tile of frames older than `generation`. */
export interface CancelRequest {
  readonly type: 'cancel';
  readonly generation: number;
}

/** Messages the pool sends to a worker. */
export type WorkerRequest = TileRequest | CancelRequest;

/** Which escape-time kernel a worker runs: escape-row.wat, or escape.ts where that cannot be compiled. */
export type KernelName = 'WebAssembly SIMD' | 'JavaScript';

/**
 * The answer to every tile request: `pixels` is a transferred buffer of RGBA
 * bytes, or null when the tile was dropped because its frame was cancelled.
 * Exactly one answer per request lets the pool count the work each worker holds.
 */
export interface TileResult {
  readonly type: 'tile';
  readonly generation: number;
  readonly step: number;
  readonly tile: Tile;
  readonly pixels: ArrayBuffer | null;
  readonly kernel: KernelName;
}
