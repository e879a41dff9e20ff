import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, jpegBytes, putBlob, reserveUpload } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

/** The EXIF tag that points at the GPS directory, in either byte order. */
const gpsPointer = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];
const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');

/** A 64 x 48 photo taken turned (orientation 6), with a camera name, a GPS position and XMP, and a page after it. */
async function phoneJpeg(): Promise<Buffer> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'blue' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'SpyCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><home>51.5,-0.12</home></x:xmpmeta>')
    .toBuffer();
  return Buffer.concat([photo, page]);
}

async function stored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await site.deps.blobs.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function addPhoto(visitor: Visitor, albumId: string, image: Buffer) {
  const [imageId, imageUrl] = await reserveUpload(visitor, albumId);
  const [thumbnailId, thumbnailUrl] = await reserveUpload(visitor, albumId);
  await putBlob(visitor, imageUrl, image).expect(204);
  await putBlob(visitor, thumbnailUrl, await jpegBytes(16, 12)).expect(204);
  const res = await visitor.post(`/api/photo-albums/${albumId}`, { imageId, thumbnailId });
  return { res, imageId, imageUrl };
}

describe(`photos are stored clean (${databaseKind})`, () => {
  it('keeps no EXIF (orientation, GPS), XMP or trailing page of an uploaded photo, and keeps its pixels', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const upload = await phoneJpeg();
    const before = await sharp(upload).metadata();
    expect(gpsPointer.some((p) => before.exif?.includes(p))).toBe(true);
    expect(before.xmp).toBeDefined();

    const { res, imageId } = await addPhoto(visitor, album.photoAlbumId, upload);
    expect(res.status).toBe(200);

    const bytes = await stored(imageId);
    const after = await sharp(bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.comments ?? []).toEqual([]);
    expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false);
    expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
    // Ends at its End Of Image marker.
    expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    // The browser drew it upright already: the tag that would turn it once more is gone, the pixels are as sent.
    expect([after.width, after.height, after.orientation]).toEqual([64, 48, undefined]);
    const scan = (jpeg: Buffer) => jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan(bytes).equals(scan(upload.subarray(0, upload.length - page.length)))).toBe(true);
  });

  it('refuses a tiny JPEG that declares 16000 x 16000 pixels with 400, and adds nothing', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const bomb = Buffer.from(await jpegBytes(16, 12));
    // The frame header (SOF0: FF C0, length, precision) holds the height and width.
    const sof = bomb.indexOf(Buffer.from([0xff, 0xc0]));
    bomb.writeUInt16BE(16000, sof + 5);
    bomb.writeUInt16BE(16000, sof + 7);
    expect(bomb.length).toBeLessThan(1024);

    const { res, imageId } = await addPhoto(visitor, album.photoAlbumId, bomb);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.message).toContain('4096');
    expect((await visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`)).body).toEqual([]);
    expect(await site.deps.blobs.size(imageId)).toBeNull();
  });

  it('refuses a truncated JPEG that only its header makes look right, and lets the upload be sent again', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const whole = await jpegBytes(256, 192);
    const { res, imageUrl } = await addPhoto(
      visitor,
      album.photoAlbumId,
      whole.subarray(0, whole.length / 2),
    );
    expect(res.status).toBe(400);
    expect((await visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`)).body).toEqual([]);
    // The refused bytes are gone, so the same link takes the real photo.
    await putBlob(visitor, imageUrl, whole).expect(204);
  });
});
