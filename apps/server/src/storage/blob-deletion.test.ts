import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { filesMember } from '../../test/files-factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';

let dir: string;
let port: number;
let s3: S3rver;
let site: TestSite;

/** s3rver over the same folder and port each time, so stopping and starting it is an outage of one store. */
async function startS3(onPort = 0) {
  s3 = new S3rver({
    port: onPort,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'site-blobs', configs: [] }],
  });
  return (await s3.run()).port;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  port = await startS3();
  site = await startSite({
    storage: {
      kind: 's3',
      bucket: 'site-blobs',
      endpoint: `http://127.0.0.1:${port}`,
      publicEndpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
  });
});
afterAll(async () => {
  await site.close();
  await s3.close().catch(() => {});
  await rm(dir, { recursive: true, force: true });
});

describe(`deleting while the blob store is down (${databaseKind})`, () => {
  it('answers 204, keeps the removal queued while S3 is down, and removes the blob once S3 is back', async () => {
    const { visitor } = await filesMember(site);
    const uploadId = (await visitor.post('/api/files/create-upload', { size: 5 }).expect(200)).body.contents;
    const { url } = (await visitor.get(`/api/files/signed-url/${uploadId}`).expect(200)).body;
    expect((await fetch(url, { method: 'PUT', body: 'bytes' })).ok).toBe(true);
    const file = (
      await visitor
        .post('/api/files/create-file', {
          name: 'a.txt',
          mimeType: 'text/plain',
          size: 5,
          parentId: null,
          uploadId,
        })
        .expect(200)
    ).body;
    const { blobs, db } = site.deps;
    expect(await blobs.size(uploadId)).toBe(5);

    await s3.close();
    await visitor.delete(`/api/files/${file.nodeId}`).expect(204);
    await visitor.delete(`/api/trash/node/${file.nodeId}`).expect(204);
    expect((await visitor.get(`/api/files/${file.nodeId}`)).status).toBe(404);
    await site.runJobs();
    expect(await db.job.findMany()).toEqual([
      expect.objectContaining({
        kind: 'delete-blobs',
        state: 'PENDING',
        attempts: 1,
        lastError: expect.any(String),
      }),
    ]);

    await startS3(port);
    expect(await blobs.size(uploadId)).toBe(5); // still there: nothing was lost while the store was down
    await db.job.updateMany({ data: { runAt: new Date() } }); // the backoff has passed
    await site.runJobs();
    expect(await blobs.size(uploadId)).toBeNull();
    expect(await db.job.count()).toBe(0);
  });
});
