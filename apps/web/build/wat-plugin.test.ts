import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hookOf } from './plugin-hooks.test-helper.ts';
import { watPlugin } from './wat-plugin.ts';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

async function load(source: string) {
  dir = await mkdtemp(path.join(tmpdir(), 'wat-'));
  const file = path.join(dir, 'add.wat');
  await writeFile(file, source);
  return hookOf(watPlugin(), 'load')(file) as Promise<string>;
}

describe('watPlugin', () => {
  it('compiles WebAssembly text (SIMD on) into a module exporting the binary', async () => {
    const code = await load(`(module
      (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add)
      (func (export "splat") (result v128) i32.const 3 i32x4.splat))`);
    const bytes = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
      default: Uint8Array<ArrayBuffer>;
    };
    const module = await WebAssembly.compile(bytes.default);
    const { exports } = await WebAssembly.instantiate(module);

    expect((exports.add as (a: number, b: number) => number)(2, 3)).toBe(5);
  });

  it('fails the build on invalid text', async () => {
    await expect(load('(module (func (result i32) i64.const 1))')).rejects.toThrow();
  });

  it('leaves other files to other plugins', async () => {
    expect(await hookOf(watPlugin(), 'load')('/src/main.ts')).toBeNull();
  });
});
