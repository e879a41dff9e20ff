import { readFile } from 'node:fs/promises';
import wabt from 'wabt';
import type { Plugin } from 'vite';

/**
 * Compiles `*.wat` (WebAssembly text, with SIMD) at build time into a module whose default export is the
 * binary's bytes, so the text stays the only source and a worker can instantiate it without a fetch.
 */
export function watPlugin(): Plugin {
  return {
    name: 'wat',
    async load(id) {
      if (!id.endsWith('.wat')) return null;
      const source = await readFile(id, 'utf8');
      const module = (await wabt()).parseWat(id, source, { simd: true });
      try {
        module.validate();
        const { buffer } = module.toBinary({});
        return `export default Uint8Array.from(atob(${JSON.stringify(Buffer.from(buffer).toString('base64'))}), (c) => c.charCodeAt(0));`;
      } finally {
        module.destroy();
      }
    },
  };
}
