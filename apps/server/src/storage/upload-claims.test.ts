import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, uploadImageWithRendition, verifiedMember } from '../../test/albums-factories.ts';
import { databaseKind } from '../../test/database.ts';
import { filesMember, putUpload, uploadFile } from '../../test/files-factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { isWanted } from './upload-claims.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

// A PUT whose bytes arrive after their upload was removed throws them away; these are the keys it must keep.
describe(`what still wants an upload's bytes (${databaseKind})`, () => {
  it('is the pending upload, then the file it was committed as, and nothing once that is gone', async () => {
    const { visitor } = await filesMember(site);
    const { uploadId } = await putUpload(visitor, randomBytes(10));
    expect(await isWanted(site.deps.db, uploadId)).toBe(true);

    const file = await uploadFile(visitor, { name: 'kept.txt', bytes: randomBytes(10) });
    const { blobKey } = await site.deps.db.fileNode.findUniqueOrThrow({ where: { id: file.nodeId } });
    expect(await isWanted(site.deps.db, blobKey!)).toBe(true);

    await site.deps.db.fileNode.delete({ where: { id: file.nodeId } });
    expect(await isWanted(site.deps.db, blobKey!)).toBe(false);
    expect(await isWanted(site.deps.db, randomUUID())).toBe(false);
  });

  it('is the image an album upload became: its full size, rendition and thumbnail', async () => {
    const { visitor } = await verifiedMember(site);
    const image = await uploadImageWithRendition(visitor, (await createAlbum(visitor)).photoAlbumId);
    const row = await site.deps.db.image.findUniqueOrThrow({ where: { id: image.imageId } });
    for (const key of [row.id, row.thumbnailId!, row.renditionId!])
      expect(await isWanted(site.deps.db, key)).toBe(true);
  });
});
