import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from './global-setup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The production build as a site of its own over `dataDir` (PGlite, local blobs), reached at `host` on a free
 * port. Answers its URL, and `close`, which stops it and removes `dataDir`.
 */
export async function startOwnSite(dataDir: string, host = '127.0.0.1') {
  const port = await freePort();
  const url = `http://${host}:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      PASSWORD_COST: '4', // as the shared site's (global-setup.ts)
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  return {
    url,
    async close() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
