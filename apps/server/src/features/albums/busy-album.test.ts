import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Image } from '@site/contract';
import { createAlbum, uploadedPair } from '../../../test/albums-factories.ts';
import { describeRaces, freshDatabase, raceServerUrl } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

// Another connection holds the album's row lock, as a long addImage of someone else would on a slow machine.
// PGlite has a single connection, so nothing else can hold a row lock while a request runs: PostgreSQL only.
const limits = { maxWait: 1000, timeout: 1500 };

describeRaces('adding a photo to an album locked for too long', () => {
  let site: TestSite;
  let url: string;
  beforeAll(async () => {
    site = await startSite(
      {},
      {
        openDatabase: async () => {
          const database = await freshDatabase(raceServerUrl, undefined, limits);
          url = database.url!;
          return database;
        },
      },
    );
  });
  afterAll(() => site.close());

  it('answers 503 with Retry-After, changes nothing, and the same photo goes in once the album is free', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const body = await uploadedPair(visitor, album.photoAlbumId);
    const { db } = site.deps;
    const storageBefore = (await db.user.findUniqueOrThrow({ where: { id: user.userId } })).storageUsed;

    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM "PhotoAlbum" WHERE id = $1 FOR UPDATE`, [album.photoAlbumId]);
      const started = Date.now();
      const res = await visitor.post(`/api/photo-albums/${album.photoAlbumId}`, body).expect(503);
      expect(res.body.error.code).toBe('unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Given up with the transaction, not whenever the lock happens to be released.
      expect(Date.now() - started).toBeLessThan(limits.timeout + 3000);

      expect(await db.image.count({ where: { albumId: album.photoAlbumId } })).toBe(0);
      expect(await db.pendingUpload.count({ where: { id: { in: [body.imageId, body.thumbnailId] } } })).toBe(
        2,
      );
      const storageAfter = (await db.user.findUniqueOrThrow({ where: { id: user.userId } })).storageUsed;
      expect(storageAfter).toBe(storageBefore);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }

    const added = (await visitor.post(`/api/photo-albums/${album.photoAlbumId}`, body).expect(200))
      .body as Image;
    expect(added.imageId).toBe(body.imageId);
    const listed = (await visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`).expect(200))
      .body as Image[];
    expect(listed.map((i) => i.imageId)).toEqual([body.imageId]);
  });
});
