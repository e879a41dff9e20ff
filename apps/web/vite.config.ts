import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bootPreloadPlugin } from './build/boot-preload-plugin.ts';
import { compressPlugin } from './build/compress-plugin.ts';
import { inlineCssPlugin } from './build/inline-css-plugin.ts';
import { memberPreloadsPlugin } from './build/member-preloads-plugin.ts';
import { prerenderPlugin } from './build/prerender-plugin.ts';
import { serviceWorkerPlugin } from './build/sw-plugin.ts';
import { watPlugin } from './build/wat-plugin.ts';
import { commitHash } from '../../tooling/commit-hash.mjs';

/**
 * React Router's package exports only its development build (remix-run/react-router#12532, #14102): dev warnings
 * and checks in every visitor's boot. A production build takes the production files beside it.
 */
function reactRouterProduction() {
  const require = createRequire(import.meta.url);
  const dom = require.resolve('react-router/dom', {
    paths: [path.dirname(require.resolve('react-router-dom'))],
  });
  const production = path.join(path.dirname(dom), '../production');
  return [
    { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  plugins: [
    react(),
    watPlugin(),
    // The build for Node that draws the prerendered pages needs none of what makes the browser's files.
    ...(isSsrBuild
      ? []
      : [
          inlineCssPlugin(),
          bootPreloadPlugin(),
          memberPreloadsPlugin(),
          serviceWorkerPlugin(),
          prerenderPlugin(),
          compressPlugin(),
        ]),
  ],
  define: { __COMMIT_HASH__: JSON.stringify(commitHash()) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/blobs': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // One stylesheet for every screen, inlined into index.html (inline-css-plugin.ts): a prerendered page is styled
    // by its own HTML whichever screen it is, and moving between screens never waits for a stylesheet.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // The libraries change far less often than the site: in chunks of their own, a deploy leaves them
        // cached. One chunk per step of the boot (main.tsx), so that each is evaluated in a task of its own.
        codeSplitting: {
          groups: [
            { name: 'react', priority: 1, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', priority: 1, test: /node_modules[\\/]react-router(-dom)?[\\/]/ },
            { name: 'contract', priority: 1, test: /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]/ },
            {
              name: 'query',
              priority: 1,
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
            },
            { name: 'ts-rest', priority: 1, test: /node_modules[\\/]@ts-rest[\\/]/ },
            // Vite's preloading helper, used by main.tsx too: in the boot's group, main.tsx would import it all.
            { name: 'preload-helper', priority: 2, test: /vite[\\/]preload-helper/ },
            // The app's boot with everything it imports (a group takes its modules' imports too): the screens'
            // chunks then share it instead of splitting what they have in common into many small chunks.
            { name: 'start', test: /src[\\/]app[\\/]start\.tsx$/ },
          ],
        },
      },
    },
  },
  worker: { format: 'es', plugins: () => [watPlugin()] },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'node',
    // Game searches run beside the server's tests on two cores in CI; a slow minute is not a failure.
    testTimeout: 60_000,
  },
}));
