import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const compressible = /\.(?:js|mjs|css|html|svg|json|wasm|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, once, at the highest settings:
 * the server picks one by the browser's Accept-Encoding and never compresses on the fly. A copy that would not be
 * smaller is not written.
 */
export function compressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'site-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = (await readdir(outDir, { recursive: true })).filter((f) => compressible.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const bytes = await readFile(full);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gz(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length) await writeFile(`${full}.br`, br);
          if (gzipped.length < bytes.length) await writeFile(`${full}.gz`, gzipped);
        }),
      );
    },
  };
}
