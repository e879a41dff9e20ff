import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesMember } from '../../test/files-factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { abandonedAfterMs, sweepAbandonedUploads } from './sweep-uploads.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

async function reserveAndPut(bytes: string) {
  const { visitor } = await filesMember(site);
  const uploadId = (await visitor.post('/api/files/create-upload', { size: bytes.length }).expect(200)).body
    .contents;
  const { url } = (await visitor.get(`/api/files/signed-url/${uploadId}`).expect(200)).body;
  await request(site.app).put(url).set('Content-Type', 'application/octet-stream').send(bytes).expect(204);
  return { visitor, uploadId: uploadId as string };
}

describe('sweeping abandoned uploads', () => {
  it('removes uploads never committed after a day, with their bytes, and leaves recent ones', async () => {
    const old = await reserveAndPut('forgotten bytes');
    const recent = await reserveAndPut('still uploading');
    await site.deps.db.pendingUpload.update({
      where: { id: old.uploadId },
      data: { touchedAt: new Date(Date.now() - abandonedAfterMs - 60_000) },
    });

    expect(await sweepAbandonedUploads(site.deps)).toBe(1);

    await site.runJobs();
    expect(await site.deps.blobs.size(old.uploadId)).toBeNull();
    expect(await site.deps.db.pendingUpload.count({ where: { id: old.uploadId } })).toBe(0);
    expect(await site.deps.blobs.size(recent.uploadId)).toBe('still uploading'.length);
    // The swept upload can no longer become a file.
    const commit = await old.visitor.post('/api/files/create-file', {
      name: 'late.txt',
      mimeType: 'text/plain',
      size: 15,
      parentId: null,
      uploadId: old.uploadId,
    });
    expect(commit.status).toBe(404);
  });
});
