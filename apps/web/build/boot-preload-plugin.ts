import type { Plugin, Rolldown } from 'vite';

/** The script files an HTML page links (`href="/assets/…js"`), as the bundle names them. */
export const linkedScripts = (html: string) =>
  new Set([...html.matchAll(/href="\/([^"]+\.js)"/g)].map(([, file]) => file!));

/** `starts` and every chunk they import, leaving out (and adding to) `linked`: what the page links already. */
export function chunkFiles(bundle: Rolldown.OutputBundle, starts: string[], linked: Set<string>): string[] {
  const files: string[] = [];
  const visit = (file: string) => {
    if (linked.has(file)) return;
    linked.add(file);
    files.push(file);
    const found = bundle[file];
    if (found?.type === 'chunk') found.imports.forEach(visit);
  };
  starts.forEach(visit);
  return files;
}

/** `<link rel="modulepreload">` tags for `starts` and every chunk they import, leaving out `linked` (chunkFiles). */
export function preloadLinks(bundle: Rolldown.OutputBundle, starts: string[], linked: Set<string>): string {
  return chunkFiles(bundle, starts, linked)
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/**
 * Preloads every chunk the boot imports step by step (src/main.tsx), with what they import, so the browser fetches
 * them all at once instead of one after the other as each step asks for the next. The first step's chunks (React)
 * are linked from the head; the rest wait in a <template id="boot-preloads"> whose links main.tsx moves into the
 * document one per task once the page has painted: until then the page (prerendered, or index.html's header) and its
 * images have a slow link to themselves. Vite links only the entry's own small imports by itself.
 */
export function bootPreloadPlugin(): Plugin {
  return {
    name: 'boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const linked = new Set([chunk.fileName, ...chunk.imports]);
        const [first = '', ...rest] = chunk.dynamicImports;
        return html
          .replace('</head>', `  ${preloadLinks(bundle, [first], linked)}\n  </head>`)
          .replace(
            '</body>',
            `  <template id="boot-preloads">${preloadLinks(bundle, rest, linked)}</template>\n  </body>`,
          );
      },
    },
  };
}
