import { describe, expect, it } from 'vitest';
import { createDeepRowWasm, type DeepRowKernel } from './perturb-row.ts';
import { referenceOrbit } from './reference.ts';
import type { FrameSpec } from './render.ts';
import { prepareReference, renderDeepTile, renderDeepTileJs } from './render-deep.ts';
import { viewFromDecimals, viewFromNumbers } from './view.ts';

/** The nucleus of a period-135 minibrot about 4e-101 across, 5e-51 from i (bench/mandelbrot/deep-scenes.ts). */
const MINIBROT_RE =
  '-0.00000000000000000000000000000000000000000000000000479435757707015710072540721226781901857406213346232957605527577196970584613';
const MINIBROT_IM =
  '1.00000000000000000000000000000000000000000000000000239232710040777072767144288694987204790790457545609581646388560747771972020';

describe('the WebAssembly perturbation row', () => {
  it.each([
    ['a minibrot at 1e-100', viewFromDecimals(MINIBROT_RE, MINIBROT_IM, '6.8e-102'), 20_000],
    ['the seahorse valley at 1e-13', viewFromNumbers(-0.743643887037151, 0.13182590420533, 3e-15), 3000],
  ])(
    'paints exactly the JavaScript pixels on %s, in full and preview passes',
    (_name, view, maxIterations) => {
      const wasm = createDeepRowWasm() as DeepRowKernel;
      expect(wasm).toBeDefined();
      const frame: FrameSpec = { view, width: 200, height: 150, maxIterations };
      const reference = prepareReference(frame, referenceOrbit(view, maxIterations));
      wasm.use(reference);
      for (const [step, tile] of [
        [1, { x: 0, y: 40, width: 200, height: 30 }],
        [8, { x: 0, y: 0, width: 25, height: 19 }],
      ] as const) {
        const js = renderDeepTileJs(frame, step, tile, reference);
        expect(renderDeepTile(frame, step, tile, wasm)).toEqual(js);
        expect(new Set(new Uint32Array(js.buffer)).size).toBeGreaterThan(20);
      }
    },
  );

  it('takes a new reference orbit, of another length, for the next frame', () => {
    const wasm = createDeepRowWasm() as DeepRowKernel;
    const tile = { x: 0, y: 70, width: 200, height: 10 };
    for (const view of [
      viewFromDecimals(MINIBROT_RE, MINIBROT_IM, '6.8e-102'),
      viewFromNumbers(0.2501, 0, 2e-6),
    ]) {
      const frame: FrameSpec = { view, width: 200, height: 150, maxIterations: 5000 };
      const reference = prepareReference(frame, referenceOrbit(view, 5000));
      wasm.use(reference);
      expect(renderDeepTile(frame, 1, tile, wasm)).toEqual(renderDeepTileJs(frame, 1, tile, reference));
    }
  });
});
