import { randomUUID } from 'node:crypto';
import { get, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { createApp } from '../app.ts';

let site: TestSite;
let server: Server;
let origin: string;
/** Every line the app logged, parsed, from debug up. */
const lines: { level: number; msg: string; key?: string }[] = [];

beforeAll(async () => {
  site = await startSite();
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().trim().split('\n')) lines.push(JSON.parse(line));
      done();
    },
  });
  server = createServer(createApp({ ...site.deps, logger: pino({ level: 'debug' }, sink) }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await site.close();
});

/** pino's level numbers. */
const info = 30;

describe(`a blob download the browser gives up on (${databaseKind})`, () => {
  it('is logged as a client going away, not as a server error', async () => {
    // Far more than the sockets' buffers hold, so the server is still sending when the client leaves.
    const key = randomUUID();
    await site.deps.blobs.write(key, Buffer.alloc(64 * 1024 * 1024, 7), 'application/octet-stream');
    const url = await site.deps.blobs.downloadUrl(key);
    const from = lines.length;
    await new Promise<void>((resolve, reject) => {
      const req = get(origin + url, (res) => {
        expect(res.statusCode).toBe(200);
        // Leaves after the first bytes, as a browser does on a reload.
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    });
    const logged = () => lines.slice(from);
    // Either way the server hears of it: a line for the failed send, and the request line on the socket's close.
    await expect
      .poll(() => logged().filter((l) => l.msg === 'request aborted' || l.key === key || l.level > info))
      .toHaveLength(2);
    expect(logged().filter((l) => l.level > info)).toEqual([]);
    expect(logged().find((l) => l.msg === 'request aborted')?.level).toBe(info);
    expect(logged().find((l) => l.key === key)?.msg).toBe('blob download aborted');
  });
});
