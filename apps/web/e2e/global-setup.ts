import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { movableClockEnv } from './server-clock.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Starts the real server as production runs it (the compiled build, `node dist/main.js`, so `pnpm build` first),
 * over the built web app, PGlite, local blobs and the outbox, on a free port in a throwaway DATA_DIR, on a clock
 * tests can move (server-clock.ts).
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
    {
      // TRUST_PROXY lets each test browser come from an address of its own (see support.ts), as real visitors
      // do, so per-client abuse limits count each of them separately.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        // Small, so a file of a few MiB goes in parts (uploads.e2e.ts) and the files under 2 MiB elsewhere in one PUT.
        MULTIPART_THRESHOLD_BYTES: String(multipartThresholdBytes),
        UPLOAD_PART_BYTES: String(uploadPartBytes),
        // bcrypt's least cost: at the default 12 each of the run's hundred or so sign-ups and log ins hashed for a
        // quarter second of CPU, seconds on a loaded 2-core machine.
        PASSWORD_COST: '4',
        ...(await movableClockEnv(dataDir)),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await waitForHealth(baseUrl, server);
  await createAdmin(baseUrl);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** Files larger than this are uploaded in parts by the test server. */
export const multipartThresholdBytes = 2 * 1024 ** 2;
/** The test server's part size. */
export const uploadPartBytes = 512 * 1024;

/** The first account becomes the admin; made here so it is first whatever order the test files run in. */
export const admin = { emailAddress: 'admin@example.com', password: 'the admin passphrase' };

async function createAdmin(baseUrl: string) {
  const csrf = await fetch(`${baseUrl}/api/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': csrfToken, cookie },
    body: JSON.stringify(admin),
  });
  const user = (await res.json()) as { permissions?: string[] } | null;
  if (!user?.permissions?.includes('admin')) throw new Error('the first account did not become an admin');
}

/**
 * A port nothing listens on at 127.0.0.1, as the system hands one out. A random pick could land on a port a local
 * service holds on 127.0.0.1 only (MariaDB's 3306): the server's wildcard listen still succeeds, and every request to
 * 127.0.0.1 reaches the other service, so the server never looks healthy.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the server process answers /api/health, failing if it exits or takes over 4 minutes: a first start
 * (PGlite's initdb and every migration) took 164 s at load average 41 on the 2-core CI machine.
 */
export async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // Left running, it would keep its port and data folder after the tests gave up on it.
  server.kill('SIGKILL');
  throw new Error('server did not become healthy within 4 minutes');
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
