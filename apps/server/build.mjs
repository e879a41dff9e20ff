// Compiles the server to JavaScript in dist/ (node dist/main.js, node dist/cli/admin.js).
// esbuild rather than tsc: the workspace contract package and the generated Prisma client are TypeScript
// sources, which tsc would emit beside themselves (outside dist) or not at all; esbuild follows the imports and
// bundles our own code (server, contract, Prisma client) while every npm package stays an external import.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { commitHash } from '../../tooling/commit-hash.mjs';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // A bare specifier is an npm package (loaded from node_modules at run time) unless it is one of ours.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@site/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/cli/admin.ts', 'src/db/pglite-setup.ts', 'src/backups/verify-process.ts'],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  // The built server reports the commit it was built from (site_build_info), as the web app's footer does.
  define: { 'process.env.COMMIT_HASH': JSON.stringify(commitHash()) },
  logLevel: 'warning',
});
