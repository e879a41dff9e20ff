import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { chunkFiles, linkedScripts } from './boot-preload-plugin.ts';
import { screenPreloadsId, type ScreenPreloads } from '../src/app/screen-preloads.ts';
import type { ScreenPath } from '../src/app/screens.ts';

type Screens = typeof import('../src/app/screens.ts');

/**
 * Writes into index.html, for each route of src/app/screens.ts, the screen's chunks and its first reads, with the
 * name of the cookie that tells a member (src/app/screen-preloads.ts, which main.tsx runs first, links them). A
 * member's screen is drawn by the browser (a visitor's are in the HTML, which prerender-plugin.ts writes without
 * the list), and it would ask for these only once the boot has made the router. The build fails when a screen has
 * no chunk of its own.
 */
export function memberPreloadsPlugin(): Plugin {
  let root = '';
  let screens: Screens;
  return {
    name: 'member-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // screens.ts takes its API paths from the contract, TypeScript that only Vite's module runner loads.
    async buildStart() {
      const file = path.join(root, 'src/app/screens.ts');
      screens = (await runnerImport<Screens>(file, { configFile: false, root, logLevel: 'warn' })).module;
    },
    // After index.html is written into the bundle with the boot's preloads (boot-preload-plugin.ts).
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('no index.html in the bundle');
      const html = String(index.source);
      // What the page's head links: a member's browser has those on their way already. The boot's other chunks,
      // which the page asks for only once it has painted, a member's screen needs as much as its own.
      const linked = linkedScripts(html.split('<template id="boot-preloads">')[0]!);
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const preloads: ScreenPreloads = { memberCookie: screens.memberCookieName, screens: {} };
      for (const [route, file] of Object.entries(screens.screenFiles)) {
        const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/src/features/${file}`));
        if (!screen) throw new Error(`no chunk holds the screen of ${route} (${file})`);
        preloads.screens[route] = {
          modules: chunkFiles(bundle, [screen.fileName], new Set(linked)).map((name) => `/${name}`),
          fetches: screens.firstReads(route as ScreenPath),
        };
      }
      // JSON in a script element ends at the first `</script`: no `<` may stand in it.
      const json = JSON.stringify(preloads).replaceAll('<', '\\u003c');
      index.source = html.replace(
        '</body>',
        `  <script type="application/json" id="${screenPreloadsId}">${json}</script>\n  </body>`,
      );
    },
  };
}
