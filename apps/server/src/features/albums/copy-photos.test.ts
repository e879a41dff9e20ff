import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@site/contract';
import {
  albumOwner,
  createAlbum,
  jpegBytes,
  reserveOriginal,
  type Member,
  reserveUpload,
  unknownId,
  verifiedMember,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { startS3rverBucket, type S3rverBucket } from '../../../test/s3rver-bucket.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { countStorage } from '../../storage/usage.ts';

let s3: S3rverBucket;
beforeAll(async () => {
  s3 = await startS3rverBucket();
});
afterAll(() => s3.close());

const stores = {
  local: () => startSite(),
  s3: () => startSite({ storage: s3.storage }),
};

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(Object.entries(stores))(
  `adding photos to another album on the %s store (${databaseKind})`,
  (kind, start) => {
    let site: TestSite;
    beforeAll(async () => {
      site = await start();
    });
    afterAll(() => site.close());

    /** PUTs bytes to a signed URL as a browser does: to the site (local store) or to the bucket (S3). */
    const putTo = async (url: string, bytes: Buffer, type: string) => {
      const status = url.startsWith('/')
        ? (await request(site.app).put(url).set('Content-Type', type).send(bytes)).status
        : (
            await fetch(url, {
              method: 'PUT',
              headers: { 'content-type': type },
              body: new Uint8Array(bytes),
            })
          ).status;
      expect(status).toBe(url.startsWith('/') ? 204 : 200);
    };

    /** A photo added as the web app adds one, with its original (`name`) when given. */
    const addPhoto = async (
      v: Visitor,
      albumId: string,
      { shade = 120, name, takenAt }: { shade?: number; name?: string; takenAt?: string } = {},
    ): Promise<Image> => {
      const ids: string[] = [];
      for (const jpeg of [await jpegBytes(64, 48, shade), await jpegBytes(16, 12, shade)]) {
        const [id, url] = await reserveUpload(v, albumId, jpeg.length);
        await putTo(url, jpeg, 'image/jpeg');
        ids.push(id);
      }
      const picked = Buffer.from(`original ${shade}`);
      let original;
      if (name) {
        const [uploadId, url] = await reserveOriginal(v, albumId, picked.length);
        await putTo(url, picked, 'application/octet-stream');
        original = { uploadId, name, type: 'image/heic' };
      }
      const body = {
        imageId: ids[0],
        thumbnailId: ids[1],
        original,
        takenAt,
        contentHash: hashOf(`photo ${shade}`),
      };
      return (await v.post(`/api/photo-albums/${albumId}`, body).expect(200)).body as Image;
    };

    const copy = (v: Visitor, toAlbumId: string, fromAlbumId: string, imageIds: string[]) =>
      v.post(`/api/photo-albums/${toAlbumId}/copy-photos`, { fromAlbumId, imageIds });
    const images = async (v: Visitor, albumId: string): Promise<Image[]> =>
      (await v.get(`/api/photo-albums/${albumId}/images`).expect(200)).body;
    const stored = async (key: string) => buffer(await site.deps.blobs.read(key));
    const row = (id: string) => site.deps.db.image.findUniqueOrThrow({ where: { id } });
    /** The caller's counter, checked against the sum of what their rows hold. */
    const usedBy = async ({ user }: Member) => {
      const { storageUsed } = await site.deps.db.user.findUniqueOrThrow({ where: { id: user.userId } });
      expect(storageUsed).toBe(await countStorage(site.deps.db, user.userId));
      return Number(storageUsed);
    };
    const share = (owner: Member, albumId: string, who: Member, role: 'viewer' | 'contributor') =>
      owner.visitor
        .post(`/api/photo-albums/${albumId}/share`, { emailAddress: who.user.emailAddress, role })
        .expect(200);

    it('copies each photo into a photo of its own: files, date, name and hash kept, charged to the caller', async () => {
      const { owner, album: from } = await albumOwner(site, 'Summer');
      const to = await createAlbum(owner.visitor, 'Best of');
      const takenAt = '2024-07-01T10:00:00.000Z';
      const a = await addPhoto(owner.visitor, from.photoAlbumId, {
        shade: 40,
        name: 'IMG_0001.HEIC',
        takenAt,
      });
      const b = await addPhoto(owner.visitor, from.photoAlbumId, { shade: 200 });
      await addPhoto(owner.visitor, to.photoAlbumId, { shade: 90 });
      const before = await usedBy(owner);

      const res = await copy(owner.visitor, to.photoAlbumId, from.photoAlbumId, [b.imageId, a.imageId]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ added: 2, duplicates: 0 });

      const [, copyB, copyA] = await images(owner.visitor, to.photoAlbumId);
      expect([copyB!.rank, copyA!.rank]).toEqual([1, 2]);
      expect(copyA!.takenAt).toBe(takenAt);
      expect(copyA!.original).toEqual(a.original);
      const [rowA, sourceA] = [await row(copyA!.imageId), await row(a.imageId)];
      expect(rowA.contentHash).toBe(sourceA.contentHash);
      expect(rowA.addedById).toBe(owner.user.userId);
      const pairs = [
        [rowA.id, sourceA.id],
        [rowA.thumbnailId, sourceA.thumbnailId],
        [rowA.originalId!, sourceA.originalId!],
      ];
      for (const [copied, source] of pairs) {
        expect(copied).not.toBe(source);
        expect((await stored(copied!)).equals(await stored(source!))).toBe(true);
      }
      const sourceB = await row(b.imageId);
      const bytes = (r: typeof rowA) => r.size! + r.thumbnailSize! + Number(r.originalSize ?? 0n);
      expect((await usedBy(owner)) - before).toBe(bytes(sourceA) + bytes(sourceB));

      // Removing the source's files leaves the copies whole.
      await site.deps.blobs.remove(pairs.map(([, source]) => source!));
      for (const [copied] of pairs) expect((await stored(copied!)).length).toBeGreaterThan(0);
    });

    it('skips photos the album already has, and the second of two alike, counting them', async () => {
      const { owner, album: from } = await albumOwner(site, 'From');
      const twin = await createAlbum(owner.visitor, 'Twin');
      const to = await createAlbum(owner.visitor, 'To');
      const a = await addPhoto(owner.visitor, from.photoAlbumId, { shade: 10 });
      const b = await addPhoto(owner.visitor, from.photoAlbumId, { shade: 20 });
      const bTwin = await addPhoto(owner.visitor, twin.photoAlbumId, { shade: 20 });
      await addPhoto(owner.visitor, to.photoAlbumId, { shade: 10 });

      expect(
        (await copy(owner.visitor, to.photoAlbumId, from.photoAlbumId, [a.imageId, b.imageId])).body,
      ).toEqual({
        added: 1,
        duplicates: 1,
      });
      expect((await copy(owner.visitor, to.photoAlbumId, twin.photoAlbumId, [bTwin.imageId])).body).toEqual({
        added: 0,
        duplicates: 1,
      });
      expect(await images(owner.visitor, to.photoAlbumId)).toHaveLength(2);
      await usedBy(owner);
    });

    it('refuses what passes the quota with 413, storing and charging nothing', async () => {
      const { owner, album: from } = await albumOwner(site, 'From');
      const to = await createAlbum(owner.visitor, 'To');
      const a = await addPhoto(owner.visitor, from.photoAlbumId, { shade: 30 });
      const used = await usedBy(owner);
      await site.deps.db.user.update({
        where: { id: owner.user.userId },
        data: { storageQuota: BigInt(used + 10) },
      });
      const blobsBefore = await countBlobs(site);

      const res = await copy(owner.visitor, to.photoAlbumId, from.photoAlbumId, [a.imageId]);
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('quota_exceeded');
      expect(await images(owner.visitor, to.photoAlbumId)).toEqual([]);
      expect(await usedBy(owner)).toBe(used);
      expect(await countBlobs(site)).toBe(blobsBefore);
    });

    it.runIf(kind === 'local')(
      'lets viewers copy into their own albums without originals, and refuses albums they may not add to',
      async () => {
        const owner = await verifiedMember(site);
        const viewer = await verifiedMember(site);
        const contributor = await verifiedMember(site);
        const stranger = await verifiedMember(site);
        const from = await createAlbum(owner.visitor, 'Family');
        await share(owner, from.photoAlbumId, viewer, 'viewer');
        const a = await addPhoto(owner.visitor, from.photoAlbumId, { shade: 60, name: 'IMG_0002.HEIC' });
        const other = await createAlbum(owner.visitor, 'Other');
        const otherPhoto = await addPhoto(owner.visitor, other.photoAlbumId, { shade: 61 });
        const theirs = await createAlbum(contributor.visitor, 'Shared with viewer');
        await share(contributor, theirs.photoAlbumId, viewer, 'contributor');
        const own = await createAlbum(viewer.visitor, 'Mine');

        // Into an album of their own, and one they contribute to: the JPEGs, not the original.
        for (const target of [own, theirs]) {
          expect(
            (await copy(viewer.visitor, target.photoAlbumId, from.photoAlbumId, [a.imageId])).status,
          ).toBe(200);
          const [copied] = await images(viewer.visitor, target.photoAlbumId);
          expect(copied!.original).toBeNull();
          expect((await row(copied!.imageId)).originalId).toBeNull();
          expect((await row(copied!.imageId)).addedById).toBe(viewer.user.userId);
        }
        await usedBy(viewer);
        // The owner of the album hears of the photo added by the contributor's guest.
        const notice = await site.deps.db.noticeDigest.findUnique({
          where: {
            recipientId_albumId_type: {
              recipientId: contributor.user.userId,
              albumId: theirs.photoAlbumId,
              type: 'album_photos_added',
            },
          },
        });
        expect(notice?.pending).toEqual({ [viewer.user.userId]: 1 });

        // An album they only view: 403; one not shared with them: 404.
        const [mine] = await images(viewer.visitor, own.photoAlbumId);
        expect(
          (await copy(viewer.visitor, from.photoAlbumId, own.photoAlbumId, [mine!.imageId])).status,
        ).toBe(403);
        expect(
          (await copy(viewer.visitor, other.photoAlbumId, own.photoAlbumId, [mine!.imageId])).status,
        ).toBe(404);
        // Photos they may not view, or not of the album named: 404.
        expect((await copy(stranger.visitor, own.photoAlbumId, from.photoAlbumId, [a.imageId])).status).toBe(
          404,
        );
        expect(
          (await copy(viewer.visitor, own.photoAlbumId, from.photoAlbumId, [otherPhoto.imageId])).status,
        ).toBe(404);
        expect(
          (await copy(viewer.visitor, own.photoAlbumId, from.photoAlbumId, [a.imageId, unknownId])).status,
        ).toBe(404);
        expect((await copy(owner.visitor, from.photoAlbumId, from.photoAlbumId, [a.imageId])).status).toBe(
          400,
        );
        expect(await images(viewer.visitor, own.photoAlbumId)).toHaveLength(1);
      },
    );

    it.runIf(kind === 'local')('refuses malformed, repeated or too many ids with 400', async () => {
      const { owner, album: from } = await albumOwner(site, 'From');
      const to = await createAlbum(owner.visitor, 'To');
      const a = await addPhoto(owner.visitor, from.photoAlbumId);
      for (const ids of [
        [],
        ['x'],
        [a.imageId, a.imageId],
        Array.from({ length: 201 }, () => crypto.randomUUID()),
      ]) {
        expect((await copy(owner.visitor, to.photoAlbumId, from.photoAlbumId, ids)).status).toBe(400);
      }
      expect(await images(owner.visitor, to.photoAlbumId)).toEqual([]);
    });
  },
);

/** How many blobs the store holds. */
async function countBlobs(site: TestSite): Promise<number> {
  let n = 0;
  for await (const blob of site.deps.blobs.list()) if (blob.key) n++;
  return n;
}
