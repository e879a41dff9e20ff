import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import type { LocalBlobStore } from './local-blob-store.ts';
import { UploadLease } from './upload-lease.ts';

const leaseMs = 400;
let site: TestSite;
let store: LocalBlobStore;
let listening: http.Server;
let ownerId: string;
beforeAll(async () => {
  site = await startSite({ uploadLeaseMs: leaseMs });
  store = site.deps.blobs as LocalBlobStore;
  ownerId = (await site.deps.db.user.create({ data: { email: 'lease@example.com', passwordHash: 'x' } })).id;
  listening = http.createServer(site.app);
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => listening.close(resolve));
  await site.close();
});

async function pendingKey(size = 100): Promise<string> {
  return (await site.deps.db.pendingUpload.create({ data: { ownerId, kind: 'FILE', size: BigInt(size) } }))
    .id;
}

const receivedAt = async (key: string) =>
  (await site.deps.db.pendingUpload.findUniqueOrThrow({ where: { id: key } })).receivedAt;

/**
 * A PUT of `chunks` to `url` on the listening site, one every `gapMs` (and `stallMs` before the last), the way a
 * slow connection sends them; answers the status.
 */
function slowPut(url: string, chunks: Buffer[], gapMs: number, stallMs = 0): Promise<number> {
  const length = chunks.reduce((n, c) => n + c.length, 0);
  const { port } = listening.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request(`http://127.0.0.1:${port}${url}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', 'content-length': length },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    void (async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0) await sleep(i === chunks.length - 1 ? gapMs + stallMs : gapMs);
        req.write(chunk);
      }
      req.end();
    })();
  });
}

const stored = async (key: string) => readFile(store.pathOf(key), 'utf8').catch(() => null);

describe(`an upload's claim is a lease (${databaseKind})`, () => {
  it('is held by one completion at a time: of ten racing for it, one wins', async () => {
    const key = await pendingKey();
    const leases = await Promise.all(
      Array.from({ length: 10 }, () => UploadLease.take(site.deps.db, key, leaseMs)),
    );
    expect(leases.filter((l) => l !== null)).toHaveLength(1);
  });

  it('is taken over once not renewed for the lease; the first holder can then neither renew nor give it back', async () => {
    const key = await pendingKey();
    const t0 = Date.now();
    const first = (await UploadLease.take(site.deps.db, key, 60_000, new Date(t0)))!;
    expect(await UploadLease.take(site.deps.db, key, 60_000, new Date(t0 + 59_000))).toBeNull();
    const second = await UploadLease.take(site.deps.db, key, 60_000, new Date(t0 + 61_000));
    expect(second).not.toBeNull();
    expect(await first.renew(new Date(t0 + 62_000))).toBe(false);
    await first.release();
    expect(await receivedAt(key)).toEqual(new Date(t0 + 61_000));
    expect(await second!.renew(new Date(t0 + 63_000))).toBe(true);
  });

  it('stays with a holder that renews it: a lease counts from the last renewal', async () => {
    const key = await pendingKey();
    const t0 = Date.now();
    const holder = (await UploadLease.take(site.deps.db, key, 60_000, new Date(t0)))!;
    expect(await holder.renew(new Date(t0 + 45_000))).toBe(true);
    expect(await UploadLease.take(site.deps.db, key, 60_000, new Date(t0 + 90_000))).toBeNull();
    expect(await UploadLease.take(site.deps.db, key, 60_000, new Date(t0 + 106_000))).not.toBeNull();
  });

  it('stays with a join that runs longer than the lease, and is free at once when the join fails', async () => {
    const key = await pendingKey();
    const holder = (await UploadLease.take(site.deps.db, key, leaseMs))!;
    const others: (UploadLease | null)[] = [];
    const join = holder.holdWhile(async () => {
      for (let i = 0; i < 8; i++) {
        await sleep(leaseMs / 2);
        others.push(await UploadLease.take(site.deps.db, key, leaseMs));
      }
      throw new Error('a part went missing');
    });
    await expect(join).rejects.toThrow('a part went missing');
    expect(others.filter((l) => l !== null)).toEqual([]);
    await holder.release();
    expect(await UploadLease.take(site.deps.db, key, leaseMs)).not.toBeNull();
  });
});

describe(`a single PUT holds its upload's lease (local store, ${databaseKind})`, () => {
  it('is not cut short while its bytes move: a second PUT meanwhile is refused and the first is kept', async () => {
    const key = await pendingKey();
    const url = await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 100 });
    const chunks = Array.from({ length: 10 }, (_, i) => Buffer.from(`first-${i}|`));
    const first = slowPut(url, chunks, leaseMs / 3);
    await sleep(leaseMs * 2);
    expect(await slowPut(url, [Buffer.from('second')], 0)).toBe(403);
    expect(await first).toBe(204);
    expect(await stored(key)).toBe(Buffer.concat(chunks).toString());
  });

  it('is taken over once its sender went silent past the lease; the silent one then keeps nothing', async () => {
    const key = await pendingKey();
    const url = await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 100 });
    const silent = slowPut(url, [Buffer.from('silent-'), Buffer.from('at last')], 0, leaseMs * 4);
    await sleep(leaseMs * 2);
    expect(await slowPut(url, [Buffer.from('the retry')], 0)).toBe(204);
    expect(await silent).toBe(409);
    expect(await stored(key)).toBe('the retry');
    // The link is spent once its bytes are there, lease or no lease.
    await sleep(leaseMs * 2);
    expect(await slowPut(url, [Buffer.from('a replay')], 0)).toBe(403);
    expect(await stored(key)).toBe('the retry');
  });
});
