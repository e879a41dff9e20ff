import { describe, expect, it } from 'vitest';
import { inlineCssPlugin } from './inline-css-plugin.ts';
import { hookOf } from './plugin-hooks.test-helper.ts';

const transform = (html: string, bundle: Record<string, unknown>) =>
  hookOf(inlineCssPlugin(), 'transformIndexHtml')(html, { bundle }) as string;

describe('inlineCssPlugin', () => {
  it('writes the linked stylesheet into the page and drops the file from the bundle', () => {
    const bundle: Record<string, unknown> = {
      'assets/index-abc.css': { type: 'asset', source: 'body{margin:0}' },
      'assets/index-abc.js': { type: 'chunk', code: '' },
    };
    const html = transform(
      '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>',
      bundle,
    );

    expect(html).toBe('<head><style>body{margin:0}</style></head>');
    expect(Object.keys(bundle)).toEqual(['assets/index-abc.js']);
  });

  it('leaves a stylesheet the bundle does not hold linked', () => {
    const page = '<link rel="stylesheet" href="/assets/elsewhere.css">';
    expect(transform(page, {})).toBe(page);
  });
});
