import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { linkedScripts, preloadLinks } from './boot-preload-plugin.ts';

/** Where the page for `route` goes inside the build: / as prerendered/index.html, /games/snek as prerendered/games/snek.html. */
const prerenderedFile = (route: string) => `prerendered${route === '/' ? '/index' : route}.html`;

/**
 * Links for the chunks of a game's or demo's view (src/<games|demos>/<slug>/<Name>View.tsx) and what they import,
 * added to the boot's preloads (boot-preload-plugin.ts): the app takes such a page over only once its view is in
 * (Showcase.tsx), and would otherwise ask for it only after the router has started.
 */
function viewPreloads(route: string, bundle: Rolldown.OutputBundle, html: string): string {
  const showcase = /^\/(games|demos)\/([a-z0-9-]+)$/.exec(route);
  if (!showcase) return '';
  const view = new RegExp(`/src/${showcase[1]}/${showcase[2]}/[^/]+View\\.tsx$`);
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId && view.test(chunk.facadeModuleId));
  if (!start) throw new Error(`no chunk holds the view of ${route}`);
  return preloadLinks(bundle, [start.fileName], linkedScripts(html));
}

interface RenderModule {
  publicPaths: string[];
  render(path: string): Promise<string>;
}

/**
 * Writes, for each public page (src/prerender/render.tsx), index.html with the page as the app draws it for a
 * logged-out visitor inside #root: the server sends it to browsers without a session, so a phone paints the whole
 * screen before the code arrives, and the code adopts its elements (hydration, src/app/start.tsx). The app is built
 * for Node once more to draw them, in a folder that is removed afterwards. Runs on writeBundle, before
 * compress-plugin's closeBundle compresses what it wrote.
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_options, bundle) {
      const outDir = path.resolve(config.root, config.build.outDir);
      const serverDir = await mkdtemp(path.join(tmpdir(), 'site-prerender-'));
      try {
        await build({
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: 'src/prerender/render.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            sourcemap: false,
            minify: false,
          },
          ssr: { noExternal: true },
        });
        const app = (await import(pathToFileURL(path.join(serverDir, 'render.js')).href)) as RenderModule;
        // A visitor has no screen of a member's to preload (member-preloads-plugin.ts).
        const index = (await readFile(path.join(outDir, 'index.html'), 'utf8')).replace(
          /\s*<script type="application\/json" id="screen-preloads">[^<]*<\/script>/,
          '',
        );
        for (const route of app.publicPaths) {
          const page = await app.render(route);
          const html = index.replace(
            /<div id="root">[\s\S]*?(<noscript>)/,
            // Inert until the app has taken it over: what was typed or pressed before the code has run would
            // go unseen by it.
            (_match, noscript: string) =>
              `<div id="root"><div class="prerendered" inert>${page}</div>${noscript}`,
          );
          if (html === index)
            throw new Error('index.html has no <div id="root"> ending in <noscript> to fill');
          // First: main.tsx asks for them one per task, and the view is as needed as the libraries after it.
          const withView = html.replace(
            '<template id="boot-preloads">',
            `<template id="boot-preloads">${viewPreloads(route, bundle, html)}`,
          );
          const file = path.join(outDir, prerenderedFile(route));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, withView);
        }
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
