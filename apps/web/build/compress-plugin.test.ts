import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressPlugin } from './compress-plugin.ts';
import { hookOf } from './plugin-hooks.test-helper.ts';

let root = '';
afterEach(() => rm(root, { recursive: true, force: true }));

/** Runs the plugin over a build folder holding `files`; answers the folder's names afterwards. */
async function compress(files: Record<string, string | Buffer>) {
  root = await mkdtemp(path.join(tmpdir(), 'compress-'));
  const dist = path.join(root, 'dist');
  await mkdir(dist);
  await Promise.all(Object.entries(files).map(([name, bytes]) => writeFile(path.join(dist, name), bytes)));
  const plugin = compressPlugin();
  hookOf(plugin, 'configResolved')({ root, build: { outDir: 'dist' } });
  await hookOf(plugin, 'closeBundle')();
  return (await readdir(dist)).sort();
}

const built = (name: string) => readFile(path.join(root, 'dist', name));

describe('compressPlugin', () => {
  it('writes .br and .gz copies that decode to the file, for text formats only', async () => {
    const script = 'export const a = 1;\n'.repeat(200);
    const names = await compress({ 'app.js': script, 'photo.jpg': Buffer.alloc(4096, 7) });

    expect(names).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'photo.jpg']);
    expect(brotliDecompressSync(await built('app.js.br')).toString()).toBe(script);
    expect(gunzipSync(await built('app.js.gz')).toString()).toBe(script);
  });

  it('writes no copy that would not be smaller', async () => {
    expect(await compress({ 'tiny.txt': 'a' })).toEqual(['tiny.txt']);
  });
});
