import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image, MultiPart, UploadPlan } from '@site/contract';
import type { Config } from '../../config.ts';
import {
  jpegBytes,
  reserveUpload,
  sharedAlbum,
  verifiedMember,
  type Member,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { startS3rverBucket, type S3rverBucket } from '../../../test/s3rver-bucket.ts';
import { completeMultipart } from '../../../test/s3rver-multipart.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { unzip } from '../../../test/unzip.ts';
import { countStorage } from '../../storage/usage.ts';

/** Small settings, so a video of a few KiB goes up in parts of 256 bytes, and one of 1000 bytes or less in one PUT. */
const uploads: Config['uploads'] = { maxBytes: 64 * 1024, multipartThresholdBytes: 1000, partBytes: 256 };

describe.each(['local', 's3'] as const)(`albums: videos (%s store, ${databaseKind})`, (store) => {
  let site: TestSite;
  let s3: S3rverBucket | undefined;

  beforeAll(async () => {
    let storage: Partial<Config> = {};
    if (store === 's3') {
      s3 = await startS3rverBucket(completeMultipart);
      storage = { storage: s3.storage };
    }
    site = await startSite({ uploads, ...storage });
  }, 60_000);
  afterAll(async () => {
    await site.close();
    await s3?.close();
  });

  /** A PUT of `bytes` as a browser sends it: to the site's /blobs route, or straight to S3. */
  async function put(url: string, bytes: Buffer, contentType = 'application/octet-stream'): Promise<number> {
    if (url.startsWith('/')) {
      return (await request(site.app).put(url).set('Content-Type', contentType).send(bytes)).status;
    }
    const headers = { 'Content-Type': contentType };
    return (await fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes) })).status;
  }

  /** A GET of a signed URL with a Range header, as a <video> element seeks. */
  async function ranged(url: string, range: string) {
    if (url.startsWith('/')) {
      const res = await request(site.app)
        .get(url)
        .set('Range', range)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      return {
        status: res.status,
        bytes: res.body as Buffer,
        contentRange: res.headers['content-range'],
        type: res.headers['content-type'],
        disposition: res.headers['content-disposition'],
      };
    }
    const res = await fetch(url, { headers: { Range: range } });
    return {
      status: res.status,
      bytes: Buffer.from(await res.arrayBuffer()),
      contentRange: res.headers.get('content-range') ?? undefined,
      type: res.headers.get('content-type') ?? undefined,
      disposition: res.headers.get('content-disposition') ?? undefined,
    };
  }

  /** The web app's flow for a video: its upload (in parts above the threshold), then its poster's JPEGs, then add. */
  async function addVideo(
    visitor: Visitor,
    albumId: string,
    bytes: Buffer,
    extra: { name?: string; type?: string; durationMs?: number } = {},
  ) {
    const { name = 'party.mp4', type = 'video/mp4' } = extra;
    const durationMs = 'durationMs' in extra ? extra.durationMs : 4200;
    const base = `/api/photo-albums/${albumId}`;
    const planned = await visitor.post(`${base}/original-upload`, {
      size: bytes.length,
      name,
      lastModified: 1,
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    const plan = planned.body as UploadPlan;
    const uploadId = plan.tag === 'SinglePart' ? plan.contents : plan.contents.uploadId;
    if (plan.tag === 'SinglePart') {
      const { url } = (await visitor.get(`${base}/uploads/${uploadId}/signed-url`).expect(200)).body as {
        url: string;
      };
      expect(await put(url, bytes)).toBeLessThan(300);
    } else {
      const { partSize, partCount } = plan.contents;
      const numbers = Array.from({ length: partCount }, (_, i) => i + 1);
      const { urls } = (
        await visitor.post(`${base}/uploads/${uploadId}/part-urls`, { partNumbers: numbers }).expect(200)
      ).body as { urls: Record<string, string> };
      for (const n of numbers) {
        expect(await put(urls[n]!, bytes.subarray((n - 1) * partSize, n * partSize))).toBeLessThan(300);
      }
    }
    const [poster, thumbnail] = await Promise.all([jpegBytes(64, 36), jpegBytes(16, 9)]);
    const [imageId, posterUrl] = await reserveUpload(visitor, albumId, poster.length);
    const [thumbnailId, thumbnailUrl] = await reserveUpload(visitor, albumId, thumbnail.length);
    expect(await put(posterUrl, poster, 'image/jpeg')).toBeLessThan(300);
    expect(await put(thumbnailUrl, thumbnail, 'image/jpeg')).toBeLessThan(300);
    return visitor.post(base, {
      imageId,
      thumbnailId,
      original: { uploadId, name, type },
      ...(durationMs === undefined ? {} : { durationMs }),
    });
  }

  async function added(...args: Parameters<typeof addVideo>): Promise<Image> {
    const res = await addVideo(...args);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Image;
  }

  async function withContributor(owner: Member, albumId: string): Promise<Member> {
    const contributor = await verifiedMember(site);
    await owner.visitor
      .post(`/api/photo-albums/${albumId}/share`, {
        emailAddress: contributor.user.emailAddress,
        role: 'contributor',
      })
      .expect(200);
    return contributor;
  }

  const exactStorage = async (userId: string) => {
    const { storageUsed } = await site.deps.db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(storageUsed).toBe(await countStorage(site.deps.db, userId));
    return Number(storageUsed);
  };

  const videoUrl = async (visitor: Visitor, image: Image) => {
    const urls = (await visitor.post('/api/photo-albums/signed-urls', [image.video!.videoId]).expect(200))
      .body as Record<string, string>;
    return urls[image.video!.videoId];
  };

  it('takes a video in parts from a contributor without the files permission, counts it, and lists it as a video', async () => {
    const { owner, album } = await sharedAlbum(site);
    const albumId = album.photoAlbumId;
    const contributor = await withContributor(owner, albumId);
    expect(contributor.user.permissions).not.toContain('files');
    const before = await exactStorage(contributor.user.userId);
    const bytes = randomBytes(1500);

    const res = await addVideo(contributor.visitor, albumId, bytes, {
      name: 'IMG_0042.MOV',
      type: 'video/quicktime',
    });
    expect(res.status).toBe(200);
    const image = res.body as Image;
    expect(image.video).toEqual({ videoId: expect.any(String), durationMs: 4200 });
    expect(image.original).toEqual({ name: 'IMG_0042.MOV', type: 'video/quicktime', size: 1500 });
    // The video, its poster and thumbnail are charged to whoever added it, as stored.
    expect((await exactStorage(contributor.user.userId)) - before).toBeGreaterThan(1500);
    expect(await site.deps.db.pendingUpload.count({ where: { ownerId: contributor.user.userId } })).toBe(0);

    const listed = (await owner.visitor.get(`/api/photo-albums/${albumId}/images`).expect(200))
      .body as Image[];
    expect(listed.map((i) => i.video)).toEqual([image.video]);
    expect((await owner.visitor.get('/api/photo-albums').expect(200)).status).toBe(200);
  });

  it('sends a small video in one PUT and adds it', async () => {
    const { owner, album } = await sharedAlbum(site);
    const res = await addVideo(owner.visitor, album.photoAlbumId, randomBytes(600), {
      type: 'video/webm',
      name: 'a.webm',
    });
    expect(res.status).toBe(200);
    expect((res.body as Image).video?.durationMs).toBe(4200);
  });

  it('streams the video to a viewer with Range: first bytes, middle, suffix, open-ended; an invalid range is a 416', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const bytes = randomBytes(1500);
    const image = await added(owner.visitor, album.photoAlbumId, bytes);
    const url = await videoUrl(viewer.visitor, image);
    expect(url).toBeDefined();

    const first = await ranged(url!, 'bytes=0-99');
    expect(first.status).toBe(206);
    expect(first.type).toBe('video/mp4');
    expect(first.contentRange).toBe('bytes 0-99/1500');
    expect(first.bytes.equals(bytes.subarray(0, 100))).toBe(true);

    const middle = await ranged(url!, 'bytes=700-899');
    expect(middle.status).toBe(206);
    expect(middle.contentRange).toBe('bytes 700-899/1500');
    expect(middle.bytes.equals(bytes.subarray(700, 900))).toBe(true);

    // s3rver 3.7 reads a suffix range as `bytes=0-100`; S3 itself follows RFC 9110, which the local store is held to.
    if (store === 'local') {
      const suffix = await ranged(url!, 'bytes=-100');
      expect(suffix.status).toBe(206);
      expect(suffix.contentRange).toBe('bytes 1400-1499/1500');
      expect(suffix.bytes.equals(bytes.subarray(1400))).toBe(true);
    }

    const open = await ranged(url!, 'bytes=1000-');
    expect(open.status).toBe(206);
    expect(open.contentRange).toBe('bytes 1000-1499/1500');
    expect(open.bytes.equals(bytes.subarray(1000))).toBe(true);

    const invalid = await ranged(url!, 'bytes=2000-2100');
    expect(invalid.status).toBe(416);
  });

  it('gives the stream only to who may view the album', async () => {
    const { owner, album } = await sharedAlbum(site);
    const image = await added(owner.visitor, album.photoAlbumId, randomBytes(1200));
    const stranger = await verifiedMember(site);
    expect(await videoUrl(stranger.visitor, image)).toBeUndefined();
    await owner.visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${image.imageId}`).expect(204);
    // In the trash: nobody streams it, the owner neither.
    expect(await videoUrl(owner.visitor, image)).toBeUndefined();
  });

  it('keeps the originals rules for the named download, and zips the video under its name for everyone', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const albumId = album.photoAlbumId;
    const bytes = randomBytes(1300);
    const image = await added(owner.visitor, albumId, bytes, { name: 'Birthday.mp4' });
    expect((await viewer.visitor.get(`/api/photo-albums/${albumId}/${image.imageId}/original`)).status).toBe(
      403,
    );
    const mine = await owner.visitor
      .get(`/api/photo-albums/${albumId}/${image.imageId}/original`)
      .expect(200);
    expect(mine.body.url).toBeTruthy();

    // Download saves the video itself, named for the album and its place (not the poster, not its own name).
    const download = await viewer.visitor
      .get(`/api/photo-albums/${albumId}/${image.imageId}/download`)
      .expect(200);
    const saved = await ranged(download.body.url, 'bytes=0-');
    expect(saved.bytes.equals(bytes)).toBe(true);
    expect(decodeURIComponent(saved.disposition ?? '')).toContain('Summer 1.mp4');

    const res = await viewer.visitor.get(`/api/photo-albums/${albumId}/zip`).responseType('blob').expect(200);
    const entries = await unzip(res.body as Buffer);
    expect([...entries.keys()]).toEqual(['Summer/', 'Summer/Birthday.mp4']);
    expect(entries.get('Summer/Birthday.mp4')!.equals(bytes)).toBe(true);
  });

  it('refuses a video without its duration, a photo with one, and album uploads to who may not add (nothing kept)', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const albumId = album.photoAlbumId;
    const noDuration = await addVideo(owner.visitor, albumId, randomBytes(1100), { durationMs: undefined });
    expect(noDuration.status).toBe(400);
    expect(noDuration.body.error.message).toMatch(/how long it plays/);
    const photoWithDuration = await addVideo(owner.visitor, albumId, randomBytes(1100), {
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    expect(photoWithDuration.status).toBe(400);
    expect((await owner.visitor.get(`/api/photo-albums/${albumId}/images`).expect(200)).body).toEqual([]);

    const asked = { size: 2000, name: 'x.mp4', lastModified: 1 };
    expect((await viewer.visitor.post(`/api/photo-albums/${albumId}/original-upload`, asked)).status).toBe(
      403,
    );
    const stranger = await verifiedMember(site);
    expect((await stranger.visitor.post(`/api/photo-albums/${albumId}/original-upload`, asked)).status).toBe(
      404,
    );
    // Someone else's upload to the album is not reachable, even by its owner.
    const plan = (await owner.visitor.post(`/api/photo-albums/${albumId}/original-upload`, asked).expect(200))
      .body as MultiPart;
    const contributor = await withContributor(owner, albumId);
    const theirs = `/api/photo-albums/${albumId}/uploads/${plan.contents.uploadId}`;
    expect((await contributor.visitor.get(`${theirs}/parts`)).status).toBe(404);
    expect((await contributor.visitor.delete(theirs)).status).toBe(404);
    await owner.visitor.delete(theirs).expect(204);
    expect(await exactStorage(owner.user.userId)).toBeGreaterThanOrEqual(0);
  });
});
