import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { chunkFiles, linkedScripts } from './boot-preload-plugin.ts';
import type { ScreenPath } from '../src/app/screens.ts';

type Screens = typeof import('../src/app/screens.ts');

/** What a member's browser is told to fetch with the page of a screen's route (dist/screen-preloads.json). */
export interface ScreenPreloads {
  /** The screen's chunk and what it imports, the boot's chunks among them, but for what index.html's head links. */
  modules: string[];
  /** The API reads it starts with. */
  fetches: string[];
}

/**
 * Writes dist/screen-preloads.json: for each route of src/app/screens.ts, the screen's chunks and its first reads.
 * A member's screen is drawn by the browser (a visitor's are in the HTML), and it would ask for these only once the
 * boot has made the router; the server sends them as `Link` preloads with index.html instead
 * (apps/server/src/http/web-app.ts). The build fails when a screen has no chunk of its own.
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
      // What the page's head links: a member's browser has those on their way already. The boot's other chunks,
      // which the page asks for only once it has painted, a member's screen needs as much as its own.
      const head = String(index.source).split('<template id="boot-preloads">')[0]!;
      const linked = linkedScripts(head);
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const preloads: Record<string, ScreenPreloads> = {};
      for (const [route, file] of Object.entries(screens.screenFiles)) {
        const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/src/features/${file}`));
        if (!screen) throw new Error(`no chunk holds the screen of ${route} (${file})`);
        preloads[route] = {
          modules: chunkFiles(bundle, [screen.fileName], new Set(linked)).map((name) => `/${name}`),
          fetches: screens.firstReads(route as ScreenPath),
        };
      }
      this.emitFile({ type: 'asset', fileName: 'screen-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}
