import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedAlbum, uploadImage } from '../../../test/albums-factories.ts';
import { raceDatabase, raceServerUrl } from '../../../test/database.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

// Every statement to PostgreSQL goes through pg's Client.query, so a spy on it counts the round trips.
describe.skipIf(!raceServerUrl)('the cost of reading one album (postgresql)', () => {
  let pgSite: TestSite;
  beforeAll(async () => void (pgSite = await startSite({}, { openDatabase: raceDatabase })));
  afterAll(async () => pgSite.close());

  it('answers an album to its owner and to a viewer in two statements, the session and the album with role', async () => {
    const { owner, viewer, album } = await sharedAlbum(pgSite);
    await uploadImage(owner.visitor, album.photoAlbumId);
    for (const member of [owner, viewer]) {
      await member.visitor.get(`/api/photo-albums/${album.photoAlbumId}`).expect(200);
      const statements = vi.spyOn(pg.Client.prototype, 'query');
      try {
        const { body } = await member.visitor.get(`/api/photo-albums/${album.photoAlbumId}`).expect(200);
        expect(body.thumbnailId).toBeTypeOf('string');
        expect(statements).toHaveBeenCalledTimes(2);
      } finally {
        statements.mockRestore();
      }
    }
  });
});
