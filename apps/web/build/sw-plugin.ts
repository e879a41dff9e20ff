import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/**
 * Files the service worker must not keep: source maps are for developers, robots.txt for crawlers, the
 * precompressed copies (.br, .gz) are the server's business: the worker caches what the browser decoded.
 */
const skipped = (file: string) => /\.(map|br|gz)$/.test(file) || ['robots.txt', 'sw.js'].includes(file);

/**
 * Files kept on first use instead of on install: WebAssembly modules (libheif's is 1.4 MB and only an iPhone photo
 * needs it) and the scripts that load them, which name them.
 */
function keptOnFirstUse(
  bundle: Record<string, { type: string; code?: string; source?: string | Uint8Array }>,
) {
  const wasm = Object.keys(bundle).filter((file) => file.endsWith('.wasm'));
  const text = (output: (typeof bundle)[string]) =>
    output.code ??
    (typeof output.source === 'string' ? output.source : Buffer.from(output.source ?? []).toString());
  const loaders = Object.entries(bundle)
    .filter(
      ([file, output]) =>
        !file.endsWith('.wasm') && wasm.some((w) => text(output).includes(path.basename(w))),
    )
    .map(([file]) => file);
  return new Set([...wasm, ...loaders]);
}

async function publicFiles(dir: string, base = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, base), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map(async (e) =>
      e.isDirectory() ? publicFiles(dir, path.posix.join(base, e.name)) : [path.posix.join(base, e.name)],
    ),
  );
  return nested.flat();
}

/**
 * Builds src/sw/service-worker.ts into dist/sw.js, one classic script (as every browser runs service workers),
 * with the list of this build's files and a version made from their contents written in: a new deploy changes
 * the version, which the browser sees as an update (and the page offers a reload).
 */
export function serviceWorkerPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const files = new Set<string>();
      const later = keptOnFirstUse(bundle);
      for (const [file, output] of Object.entries(bundle).sort(([a], [b]) => a.localeCompare(b))) {
        if (skipped(file)) continue;
        if (!later.has(file)) files.add(file);
        hash.update(file).update(output.type === 'chunk' ? output.code : output.source);
      }
      const publicDir = config.publicDir;
      for (const file of (await publicFiles(publicDir)).sort()) {
        if (skipped(file)) continue;
        files.add(file);
        hash.update(file).update(await readFile(path.join(publicDir, file)));
      }
      const precache = {
        version: hash.digest('hex').slice(0, 16),
        urls: [...files].map((f) => `/${f}`),
        onFirstUse: [...later].map((f) => `/${f}`),
      };
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { __PRECACHE__: JSON.stringify(precache) },
        build: {
          write: false,
          minify: true,
          sourcemap: false,
          lib: { entry: path.join(config.root, 'src/sw/service-worker.ts'), formats: ['iife'], name: 'sw' },
        },
      });
      const output = (Array.isArray(result) ? result[0] : result) as { output: { code?: string }[] };
      const code = output.output[0]?.code;
      if (!code) throw new Error('the service worker did not build');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}
