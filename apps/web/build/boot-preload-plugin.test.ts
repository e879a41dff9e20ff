import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkFiles, linkedScripts, preloadLinks } from './boot-preload-plugin.ts';

const chunk = (imports: string[]) => ({ type: 'chunk', imports }) as unknown as Rolldown.OutputChunk;
const bundle: Rolldown.OutputBundle = {
  'assets/start.js': chunk(['assets/react.js', 'assets/query.js']),
  'assets/query.js': chunk(['assets/react.js']),
  'assets/react.js': chunk([]),
  'assets/screen.js': chunk(['assets/query.js', 'assets/ui.js']),
  'assets/ui.js': chunk([]),
};

describe('boot preloads', () => {
  it('reads the scripts a page links', () => {
    const head = '<script type="module" src="/assets/start.js"></script><link href="/assets/react.js">';
    expect(linkedScripts(head)).toEqual(new Set(['assets/react.js']));
  });

  it('lists a chunk and what it imports once each, leaving out what the page links', () => {
    expect(chunkFiles(bundle, ['assets/screen.js'], new Set(['assets/react.js']))).toEqual([
      'assets/screen.js',
      'assets/query.js',
      'assets/ui.js',
    ]);
  });

  it('writes a modulepreload link for each', () => {
    expect(preloadLinks(bundle, ['assets/query.js'], new Set())).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/query.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/react.js">',
    );
  });
});
