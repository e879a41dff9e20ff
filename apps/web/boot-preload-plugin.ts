import type { Plugin } from 'vite';

/**
 * Preloads every chunk the boot imports step by step (src/main.tsx), with what they import, so the browser fetches
 * them all at once instead of one after the other as each step asks for the next. The first step's chunks (React)
 * are linked from the head; the rest wait in a <template id="boot-preloads"> that main.tsx moves into the document
 * once the page has painted: until then the page (prerendered, or index.html's header) and its images have a slow
 * link to themselves. Vite links only the entry's own small imports by itself.
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
        const closure = (file: string, into: string[] = []): string[] => {
          if (linked.has(file)) return into;
          linked.add(file);
          into.push(file);
          const found = bundle[file];
          if (found?.type === 'chunk') found.imports.forEach((imported) => closure(imported, into));
          return into;
        };
        const [first = '', ...rest] = chunk.dynamicImports;
        const links = (files: string[]) =>
          files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
        return html
          .replace('</head>', `  ${links(closure(first))}\n  </head>`)
          .replace(
            '</body>',
            `  <template id="boot-preloads">${links(rest.flatMap((file) => closure(file)))}</template>\n  </body>`,
          );
      },
    },
  };
}
