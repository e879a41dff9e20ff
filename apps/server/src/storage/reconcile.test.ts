import { randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { filesMember, putUpload, uploadFile } from '../../test/files-factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { enqueue } from '../jobs/queue.ts';
import type { LocalBlobStore } from './local-blob-store.ts';
import { reconcileBlobs, reconcileGraceMs } from './reconcile.ts';

let site: TestSite;
let store: LocalBlobStore;
beforeAll(async () => {
  site = await startSite();
  store = site.deps.blobs as LocalBlobStore;
});
afterAll(() => site.close());

const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);

/** A file in the blob folder as a crash would leave it, last written `when`. */
async function leftBehind(name: string, when: Date) {
  const file = path.join(store.dir, name.slice(0, 2), name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'left behind');
  await utimes(file, when, when);
  return file;
}

async function storedNames() {
  const names: string[] = [];
  for (const folder of await readdir(store.dir)) names.push(...(await readdir(path.join(store.dir, folder))));
  return names.sort();
}

describe(`the blob reconciler (${databaseKind})`, () => {
  it('removes old blobs and .part files nothing refers to, and keeps referenced and recent ones', async () => {
    const { visitor } = await filesMember(site);
    const file = await uploadFile(visitor, { name: 'kept.txt', bytes: Buffer.from('kept') });
    const { uploadId: pending } = await putUpload(visitor, Buffer.from('uploading'));
    const queued = randomUUID();
    await leftBehind(queued, twoHoursAgo);
    await enqueue(site.deps.db, 'delete-blobs', { keys: [queued] });
    const orphan = randomUUID();
    await leftBehind(orphan, twoHoursAgo);
    const young = randomUUID();
    await leftBehind(young, new Date());
    const oldPart = `${randomUUID()}.${randomUUID()}.part`;
    await leftBehind(oldPart, twoHoursAgo);
    const youngPart = `${randomUUID()}.${randomUUID()}.part`;
    await leftBehind(youngPart, new Date());
    const blobKey = (await site.deps.db.fileNode.findUniqueOrThrow({ where: { id: file.nodeId } })).blobKey!;
    // Everything but the two leftovers is as old as they are, so only references keep it.
    for (const key of [blobKey, pending]) await utimes(store.pathOf(key), twoHoursAgo, twoHoursAgo);

    const before = await storedNames();
    expect(await reconcileBlobs(site.deps, { dryRun: true })).toEqual({
      orphans: [orphan],
      parts: [oldPart],
    });
    expect(await storedNames()).toEqual(before);

    expect(await reconcileBlobs(site.deps)).toEqual({ orphans: [orphan], parts: [oldPart] });
    expect(await storedNames()).toEqual(before.filter((n) => n !== orphan && n !== oldPart));
    expect(await reconcileBlobs(site.deps)).toEqual({ orphans: [], parts: [] });
    // A young orphan goes once the grace period has passed.
    expect((await reconcileBlobs(site.deps, { now: Date.now() + reconcileGraceMs + 1000 })).orphans).toEqual([
      young,
    ]);
  });
});
