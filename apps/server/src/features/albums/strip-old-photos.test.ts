import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, verifiedMember } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { phonePhoto } from '../../../test/phone-photo.ts';
import { startSite, type TestSite } from '../../../test/support.ts';
import { migrationsDir } from '../../db/migrate.ts';
import { chargeStorage, countStorage } from '../../storage/usage.ts';
import { readAll } from './clean-jpeg.ts';
import { stripBatchSize } from './strip-old-photos.ts';

let site: TestSite;
let photo: Buffer;
let thumbnail: Buffer;
beforeAll(async () => {
  site = await startSite();
  [photo, thumbnail] = await Promise.all([phonePhoto(64, 48), phonePhoto(16, 12)]);
});
afterAll(() => site.close());

const kind = 'strip-photo-metadata';
/** The EXIF tag that points at the GPS directory, in either byte order. */
const gpsPointer = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];
const carriesMetadata = (bytes: Buffer) =>
  gpsPointer.some((tag) => bytes.includes(tag)) || bytes.includes('SpyCam') || bytes.includes('Exif\0');

const stored = async (key: string) => readAll(await site.deps.blobs.read(key));

/**
 * `count` photos as the server stored them before it cleaned uploads: a phone's JPEG (exiftool's GPS, camera and
 * date) as the full image and the rendition, a small one as the thumbnail, sizes kept and charged to the owner.
 */
async function oldPhotos(count: number) {
  const { visitor, user } = await verifiedMember(site);
  const album = await createAlbum(visitor, 'Before the upgrade');
  const keys: string[] = [];
  for (let rank = 0; rank < count; rank++) {
    const [id, thumbnailId, renditionId] = [randomUUID(), randomUUID(), randomUUID()];
    await site.deps.blobs.write(id, photo, 'image/jpeg');
    await site.deps.blobs.write(thumbnailId, thumbnail, 'image/jpeg');
    await site.deps.blobs.write(renditionId, photo, 'image/jpeg');
    await site.deps.db.$transaction(async (tx) => {
      await tx.image.create({
        data: {
          id,
          thumbnailId,
          renditionId,
          albumId: album.photoAlbumId,
          rank,
          size: photo.length,
          thumbnailSize: thumbnail.length,
          renditionSize: photo.length,
        },
      });
      await chargeStorage(tx, user.userId, BigInt(2 * photo.length + thumbnail.length));
    });
    keys.push(id, thumbnailId, renditionId);
  }
  return { userId: user.userId, albumId: album.photoAlbumId, keys };
}

/** Queues the job as the migration that ships it does. */
async function runMigration() {
  const folder = await readFile(
    path.join(migrationsDir, '20261127223000_strip_old_photo_metadata', 'migration.sql'),
    'utf8',
  );
  await site.deps.db.$executeRawUnsafe(folder);
}

async function expectClean(owner: { userId: string; albumId: string; keys: string[] }) {
  for (const key of owner.keys) {
    const bytes = await stored(key);
    expect(carriesMetadata(bytes), key).toBe(false);
    const { width } = await sharp(bytes).metadata();
    expect([64, 16]).toContain(width);
  }
  const images = await site.deps.db.image.findMany({ where: { albumId: owner.albumId } });
  for (const image of images) {
    expect(image.size).toBe((await stored(image.id)).length);
    expect(image.thumbnailSize).toBe((await stored(image.thumbnailId!)).length);
    expect(image.renditionSize).toBe((await stored(image.renditionId!)).length);
  }
  const { storageUsed } = await site.deps.db.user.findUniqueOrThrow({ where: { id: owner.userId } });
  expect(storageUsed).toBe(await countStorage(site.deps.db, owner.userId));
}

describe(`stripping the metadata of photos stored before the upgrade (${databaseKind})`, () => {
  it('should queue nothing on a site without photos', async () => {
    expect(await site.deps.db.job.count({ where: { kind } })).toBe(0);
  });

  it("should strip every old photo's JPEGs once, in batches, keeping their pixels and charging what they lost", async () => {
    const owner = await oldPhotos(stripBatchSize + 3);
    expect(carriesMetadata(await stored(owner.keys[0]!))).toBe(true);
    const before = await site.deps.db.user.findUniqueOrThrow({ where: { id: owner.userId } });
    await runMigration();
    expect(await site.deps.db.job.count({ where: { kind } })).toBe(1);

    await site.runJobs();

    expect(await site.deps.db.job.count({ where: { kind } })).toBe(0);
    await expectClean(owner);
    const after = await site.deps.db.user.findUniqueOrThrow({ where: { id: owner.userId } });
    const cleanPhoto = (await stored(owner.keys[0]!)).length;
    const cleanThumbnail = (await stored(owner.keys[1]!)).length;
    expect(before.storageUsed - after.storageUsed).toBe(
      BigInt((stripBatchSize + 3) * (2 * (photo.length - cleanPhoto) + thumbnail.length - cleanThumbnail)),
    );
  }, 180_000);

  it('should finish after the process died midway, rewriting nothing a second time', async () => {
    const owner = await oldPhotos(stripBatchSize + 3);
    const { blobs } = site.deps;
    const written: string[] = [];
    let dies = true;
    const write: typeof blobs.write = async (key, bytes, type) => {
      if (dies && written.length === 30) throw new Error('the process died');
      written.push(key);
      return blobs.write(key, bytes, type);
    };
    site.deps.blobs = new Proxy(blobs, {
      get: (store, name) => {
        if (name === 'write') return write;
        const value: unknown = Reflect.get(store, name, store);
        return typeof value === 'function' ? value.bind(store) : value;
      },
    });
    try {
      await runMigration();
      await site.runJobs();
      const [job] = await site.deps.db.job.findMany({ where: { kind } });
      expect(job?.lastError).toBe('the process died');
      expect(written).toHaveLength(30);

      // Started again: the job is due once more and finishes what the dead run left.
      dies = false;
      await site.deps.db.job.updateMany({ where: { kind }, data: { runAt: new Date() } });
      await site.runJobs();
      expect(await site.deps.db.job.count({ where: { kind } })).toBe(0);
      await expectClean(owner);
      expect(new Set(written).size).toBe(written.length);
      expect(written.sort()).toEqual([...owner.keys].sort());

      // Queued once more (a second server's migration cannot, but a rerun must be harmless): nothing is written.
      written.length = 0;
      await runMigration();
      await site.runJobs();
      expect(written).toEqual([]);
      await expectClean(owner);
    } finally {
      site.deps.blobs = blobs;
    }
  }, 180_000);
});
