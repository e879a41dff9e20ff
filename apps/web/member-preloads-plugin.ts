import type { Plugin } from 'vite';
import { chunkFiles } from './boot-preload-plugin.ts';
import { screenFiles } from './src/app/screens.ts';

/**
 * Lists in index.html, as `<script type="application/json" id="screen-preloads">`, the chunks of each screen of
 * src/app/screens.ts (the screen's own and what it imports) that the page does not link already: src/app/
 * first-requests.ts asks a member's browser for the current screen's with the boot. The build fails when a screen
 * has no chunk of its own.
 */
export function memberPreloadsPlugin(): Plugin {
  return {
    name: 'member-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const linked = new Set([...html.matchAll(/href="\/([^"]+\.js)"/g)].map(([, file]) => file!));
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const screens: Record<string, string[]> = {};
        for (const [route, file] of Object.entries(screenFiles)) {
          const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/src/features/${file}`));
          if (!screen) throw new Error(`no chunk holds the screen of ${route} (${file})`);
          screens[route] = chunkFiles(bundle, [screen.fileName], new Set(linked)).map((name) => `/${name}`);
        }
        const json = JSON.stringify(screens).replaceAll('<', '\\u003c');
        return html.replace(
          '</body>',
          `  <script type="application/json" id="screen-preloads">${json}</script>\n  </body>`,
        );
      },
    },
  };
}
