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

/** Asks one worker for the high-precision reference orbit of a deep frame's centre. */
export interface ReferenceRequest {
  readonly type: 'reference';
  readonly generation: number;
  readonly frame: FrameSpec;
}

/** Hands every worker the reference orbit (re, im interleaved) its deep frame's tiles are iterated against. */
export interface OrbitMessage {
  readonly type: 'orbit';
  readonly generation: number;
  readonly frame: FrameSpec;
  readonly orbit: Float64Array;
}

/** Messages the pool sends to a worker. */
export type WorkerRequest = TileRequest | CancelRequest | ReferenceRequest | OrbitMessage;

/**
 * Which escape-time kernel a worker runs: escape-row.wat, or escape.ts where that cannot be compiled; deep
 * views are drawn by perturbation, with perturb-row.wat or perturb.ts.
 */
export type KernelName =
  'WebAssembly SIMD' | 'JavaScript' | 'perturbation, WebAssembly' | 'perturbation, JavaScript';

/**
 * The answer to every tile request: `values` is a transferred buffer of the
 * tile's smooth escape counts (Float64, INSIDE for the set), which the page
 * colours relative to the view (colour.ts), or null when the tile was dropped
 * because its frame was cancelled.
 * Exactly one answer per request lets the pool count the work each worker holds.
 */
export interface TileResult {
  readonly type: 'tile';
  readonly generation: number;
  readonly step: number;
  readonly tile: Tile;
  readonly values: ArrayBuffer | null;
  readonly kernel: KernelName;
}

/** The answer to a {@link ReferenceRequest}. */
export interface ReferenceResult {
  readonly type: 'reference';
  readonly generation: number;
  readonly orbit: Float64Array;
}

/** Messages a worker sends back. */
export type WorkerResult = TileResult | ReferenceResult;
