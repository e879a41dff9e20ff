import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { filesMember } from '../../test/files-factories.ts';
import { startS3rverBucket, type S3rverBucket } from '../../test/s3rver-bucket.ts';
import { startSite, type TestSite } from '../../test/support.ts';

// Stopping s3rver and starting it again on the same folder and port is an outage of one store.
let bucket: S3rverBucket;
let site: TestSite;

beforeAll(async () => {
  bucket = await startS3rverBucket();
  site = await startSite({ storage: bucket.storage });
});
afterAll(async () => {
  await site.close();
  await bucket.close();
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

    await bucket.stop();
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

    await bucket.restart();
    expect(await blobs.size(uploadId)).toBe(5); // still there: nothing was lost while the store was down
    await db.job.updateMany({ data: { runAt: new Date() } }); // the backoff has passed
    await site.runJobs();
    expect(await blobs.size(uploadId)).toBeNull();
    expect(await db.job.count()).toBe(0);
  });
});
