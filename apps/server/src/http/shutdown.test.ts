import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedPgliteDir } from '../../test/pglite-dir.ts';
import { reserveFileUpload, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { LocalBlobStore } from '../storage/local-blob-store.ts';

const secret = 'shutdown-test-secret-shutdown-test-secret';
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(shutdownTimeoutSeconds: number) {
  // An installation already set up: what is under test is the shutdown, not the first start's initdb.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-process-'));
  await migratedPgliteDir(path.join(dataDir, 'db'));
  server = await startServerProcess(
    { SESSION_SECRET: secret, SHUTDOWN_TIMEOUT: String(shutdownTimeoutSeconds) },
    dataDir,
  );
  return { server, store: new LocalBlobStore(path.join(server.dataDir, 'blobs'), secret) };
}

/** GETs `url` reading the body slowly (a pause after every chunk), as a slow client would. */
function slowDownload(url: string) {
  let started!: () => void;
  const firstBytes = new Promise<void>((resolve) => (started = resolve));
  const body = new Promise<Buffer>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          started();
          res.pause();
          setTimeout(() => res.resume(), 15);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  return { firstBytes, body };
}

/** What a new connection to `port` meets: 'connected' or the error's code. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** A connection with a readiness probe half sent: busy, so a shutdown must let it finish. */
async function probeInFlight(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write('GET /api/ready HTTP/1.1\r\nHost: localhost\r\n');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const ended = once(socket, 'close');
  return {
    finish: async () => {
      socket.write('\r\n');
      await ended;
      return answer;
    },
  };
}

/** Starts a member's PUT of 10 MB to their signed upload URL and sends only the first megabyte. */
async function stalledUpload(server: ServerProcess, store: LocalBlobStore) {
  const url = await reserveFileUpload(server, 10_000_000);
  const key = new URL(url, server.baseUrl).pathname.split('/').at(-1)!;
  const req = http.request(`${server.baseUrl}${url}`, {
    method: 'PUT',
    agent: false,
    headers: { 'content-type': 'application/octet-stream', 'content-length': '10000000' },
  });
  // The server cuts this upload: the request, and any answer that had started, end in errors the test expects.
  req.on('error', () => {});
  req.on('response', (res) => res.on('error', () => {}).resume());
  req.write(Buffer.alloc(1_000_000));
  // Wait until the server is writing it, so the upload is in flight when the signal comes.
  const folder = path.dirname(store.pathOf(key));
  while (!(await readdir(folder).catch(() => [])).some((f) => f.endsWith('.part'))) await sleep(20);
}

describe('graceful shutdown of the real server process', () => {
  it('lets a slow download finish with every byte, refuses new connections, says not ready, then exits 0', async () => {
    const { server, store } = await start(20);
    const key = randomUUID();
    const bytes = randomBytes(24 * 1024 * 1024);
    await store.ensureFolderFor(key);
    await writeFile(store.pathOf(key), bytes);

    const probe = await probeInFlight(server.port);
    const download = slowDownload(`${server.baseUrl}${await store.downloadUrl(key)}`);
    await download.firstBytes;
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    await server.logged('shutting down');

    expect(await connectOutcome(server.port)).toBe('ECONNREFUSED');
    const answer = await probe.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('"code":"unavailable","message":"Not ready: shutting down"');

    const received = await download.body;
    expect(received.length).toBe(bytes.length);
    expect(received.equals(bytes)).toBe(true);
    expect(await server.exited).toBe(0);
    const exitMs = Math.round(performance.now() - signalledAt);
    expect(exitMs).toBeLessThan(20_000);

    const phases = server.lines
      .map((l) => l.msg)
      .filter((m) => /^(requests drained|closed |shut down)/.test(m));
    expect(phases).toEqual([
      'requests drained',
      'closed storage upkeep',
      'closed expired session removal',
      'closed table statistics',
      'closed job runner',
      'closed backups',
      'closed database',
      'shut down',
    ]);
    const drainMs = server.lines.find((l) => l.msg === 'requests drained')!.ms!;
    // The download was still running at the signal: the drain waited for it.
    expect(drainMs).toBeGreaterThan(500);
    console.info(`shutdown drain ${drainMs} ms, exit ${exitMs} ms after SIGTERM (24 MiB slow download)`);
  }, 90_000);

  it('cuts requests still running after SHUTDOWN_TIMEOUT and still closes the database and exits 0', async () => {
    const { server, store } = await start(2);
    await stalledUpload(server, store);
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const exitMs = performance.now() - signalledAt;
    expect(exitMs).toBeGreaterThan(1900);
    expect(exitMs).toBeLessThan(10_000);
    const messages = server.lines.map((l) => l.msg);
    expect(messages).toContain('drain timed out: cutting the remaining requests');
    expect(messages).toContain('closed database');
  }, 90_000);

  it('exits at once with code 130 on a second signal instead of waiting for the drain', async () => {
    const { server, store } = await start(60);
    await stalledUpload(server, store);
    server.child.kill('SIGTERM');
    await server.logged('shutting down');
    const secondAt = performance.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(130);
    expect(performance.now() - secondAt).toBeLessThan(5000);
    expect(server.lines.map((l) => l.msg)).not.toContain('requests drained');
  }, 90_000);
});
