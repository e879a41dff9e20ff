import type { Image, PhotoAlbum, UploadPlan } from '@site/contract';
import sharp from 'sharp';
import { signedUpVisitor, uniqueEmail, type Member } from './factories.ts';
import type { TestSite, Visitor } from './support.ts';

/** A well-formed id that names no album, image or comment. */
export const unknownId = '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69';

export type { Member } from './factories.ts';

/** An image added with its JPEGs, as every photo is: its thumbnail is set (only a poster-less video has none). */
export type Photo = Image & { thumbnailId: string };

/** Marks a user's address verified, the way an admin would. */
export async function verifyEmail(site: TestSite, userId: string): Promise<void> {
  await site.deps.db.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
}

/** A signed-up, logged-in member whose address is verified. */
export async function verifiedMember(site: TestSite, emailAddress = uniqueEmail()): Promise<Member> {
  const member = await signedUpVisitor(site, emailAddress);
  await verifyEmail(site, member.user.userId);
  return member;
}

/** Creates an album through the API. */
export async function createAlbum(visitor: Visitor, name = 'New album'): Promise<PhotoAlbum> {
  return (await visitor.post('/api/photo-albums', { name }).expect(200)).body as PhotoAlbum;
}

/** A verified member with a new album of theirs (named `albumName`): where most album tests start. */
export async function albumOwner(
  site: TestSite,
  albumName?: string,
): Promise<{ owner: Member; album: PhotoAlbum }> {
  const owner = await verifiedMember(site);
  return { owner, album: await createAlbum(owner.visitor, albumName) };
}

/** A real JPEG of the given size, in a colour of its own. */
export function jpegBytes(width = 16, height = 12, shade = 120): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 80, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/** Reserves an upload for an album, of `size` bytes as the web app announces: answers [id, signed PUT URL]. */
export async function reserveUpload(
  visitor: Visitor,
  albumId: string,
  size?: number,
): Promise<[string, string]> {
  const body = size === undefined ? undefined : { size };
  return (await visitor.post(`/api/photo-albums/${albumId}/upload`, body).expect(200)).body as [
    string,
    string,
  ];
}

/** PUTs bytes to a signed upload URL as the browser does. */
export function putBlob(visitor: Visitor, url: string, bytes: Buffer, contentType = 'image/jpeg') {
  return visitor.agent.put(url).set('Content-Type', contentType).send(bytes);
}

/** Reserves and PUTs an image and its thumbnail: answers the add call's body, with `extra` fields (takenAt…). */
export async function uploadedPair(visitor: Visitor, albumId: string, shade = 120, extra: object = {}) {
  const [image, thumbnail] = await Promise.all([jpegBytes(64, 48, shade), jpegBytes(16, 12, shade)]);
  const [imageId, imageUrl] = await reserveUpload(visitor, albumId, image.length);
  const [thumbnailId, thumbnailUrl] = await reserveUpload(visitor, albumId, thumbnail.length);
  await putBlob(visitor, imageUrl, image).expect(204);
  await putBlob(visitor, thumbnailUrl, thumbnail).expect(204);
  return { imageId, thumbnailId, ...extra };
}

/** The full client flow: reserve two uploads, PUT an image and its thumbnail, add them. Answers the Image. */
export async function uploadImage(
  visitor: Visitor,
  albumId: string,
  shade = 120,
  extra: object = {},
): Promise<Photo> {
  const body = await uploadedPair(visitor, albumId, shade, extra);
  return (await visitor.post(`/api/photo-albums/${albumId}`, body).expect(200)).body as Photo;
}

/**
 * The newer client flow: reserve three uploads, PUT a full-size image (400x300), its screen-sized rendition
 * (200x150, standing in for 1600 px) and a thumbnail, and add all three. Answers the Image.
 */
export async function uploadImageWithRendition(visitor: Visitor, albumId: string): Promise<Photo> {
  const ids: string[] = [];
  for (const [width, height] of [
    [400, 300],
    [200, 150],
    [16, 12],
  ] as const) {
    const jpeg = await jpegBytes(width, height);
    const [id, url] = await reserveUpload(visitor, albumId, jpeg.length);
    await putBlob(visitor, url, jpeg).expect(204);
    ids.push(id);
  }
  const [imageId, renditionId, thumbnailId] = ids;
  return (
    await visitor.post(`/api/photo-albums/${albumId}`, { imageId, thumbnailId, renditionId }).expect(200)
  ).body as Photo;
}

/** A verified owner's album shared with a verified viewer. */
export async function sharedAlbum(
  site: TestSite,
): Promise<{ owner: Member; viewer: Member; album: PhotoAlbum }> {
  const owner = await verifiedMember(site);
  const viewer = await verifiedMember(site);
  const album = await createAlbum(owner.visitor, 'Summer');
  await owner.visitor
    .post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: viewer.user.emailAddress })
    .expect(200);
  return { owner, viewer, album };
}

/** One API call: method, URL and body. */
export type Call = [
  method: 'get' | 'post' | 'patch' | 'put' | 'delete',
  url: string,
  body?: object | unknown[],
];

/** Every album route, with valid input, against one album and one of its images. */
export function everyAlbumRoute(albumId: string, imageId: string): Call[] {
  const base = `/api/photo-albums/${albumId}`;
  return [
    ['post', '/api/photo-albums/signed-urls', [imageId]],
    ['post', '/api/photo-albums', { name: 'New album' }],
    ['get', '/api/photo-albums'],
    ...albumScopedRoutes(albumId, imageId),
    ['delete', base],
  ];
}

/** The routes that name an album, with valid input (album deletion left out, so a list can run in full). */
export function albumScopedRoutes(albumId: string, imageId: string): Call[] {
  const base = `/api/photo-albums/${albumId}`;
  const anyId = '0b7e4a52-3c1d-4f6e-8a9b-2c3d4e5f6a7b';
  return [
    ['get', base],
    ['get', `${base}/images`],
    ['post', base, { imageId: anyId, thumbnailId: '1c8f5b63-4d2e-4a7f-9bac-3d4e5f6a7b8c' }],
    ['patch', base, { name: 'Renamed' }],
    ['post', `${base}/present-hashes`, { hashes: ['0'.repeat(64)] }],
    ['post', `${base}/upload`],
    ['get', `${base}/share`],
    ['post', `${base}/share`, { emailAddress: 'friend@example.com' }],
    ['post', `${base}/unshare`, { emailAddress: 'friend@example.com' }],
    ['get', `${base}/images/${imageId}/comments`],
    ['post', `${base}/images/${imageId}/comments`, { comment: 'Nice' }],
    ['put', `${base}/viewed`],
    ['put', `${base}/${imageId}/viewed`],
    ['get', `${base}/${imageId}/download`],
    ['get', `${base}/${imageId}/original`],
    ['post', `${base}/original-upload`, { size: 10 }],
    ['delete', `${base}/${imageId}`],
  ];
}

/** Sends a Call as `visitor`. */
export function send(visitor: Visitor, [method, url, body]: Call) {
  if (method === 'get') return visitor.get(url);
  return visitor[method](url, body);
}

/** The file as a member picked it: its bytes, name and type. */
export interface PickedFile {
  bytes: Buffer;
  name: string;
  type: string;
}

/**
 * Reserves a small original's upload for an album, as the web app does (one PUT: below the multipart threshold);
 * answers its upload id and the signed URL to PUT its bytes to.
 */
export async function reserveOriginal(
  visitor: Visitor,
  albumId: string,
  size: number,
): Promise<[string, string]> {
  const base = `/api/photo-albums/${albumId}`;
  const plan = (await visitor.post(`${base}/original-upload`, { size }).expect(200)).body as UploadPlan;
  if (plan.tag !== 'SinglePart') throw new Error(`A ${size} byte original was planned in parts`);
  const { url } = (await visitor.get(`${base}/uploads/${plan.contents}/signed-url`).expect(200)).body as {
    url: string;
  };
  return [plan.contents, url];
}

/** Reserves an original's upload for an album and PUTs its bytes as the web app does; answers its upload id. */
export async function uploadOriginal(visitor: Visitor, albumId: string, bytes: Buffer): Promise<string> {
  const [uploadId, url] = await reserveOriginal(visitor, albumId, bytes.length);
  await putBlob(visitor, url, bytes, 'application/octet-stream').expect(204);
  return uploadId;
}

/** The web app's flow for a picked file: its JPEGs as `uploadImage` sends them, and the file itself as its original. */
export async function uploadPicked(visitor: Visitor, albumId: string, picked: PickedFile): Promise<Photo> {
  const [image, thumbnail] = await Promise.all([jpegBytes(64, 48), jpegBytes(16, 12)]);
  const [imageId, imageUrl] = await reserveUpload(visitor, albumId, image.length);
  const [thumbnailId, thumbnailUrl] = await reserveUpload(visitor, albumId, thumbnail.length);
  await putBlob(visitor, imageUrl, image).expect(204);
  await putBlob(visitor, thumbnailUrl, thumbnail).expect(204);
  const uploadId = await uploadOriginal(visitor, albumId, picked.bytes);
  const original = { uploadId, name: picked.name, type: picked.type };
  return (await visitor.post(`/api/photo-albums/${albumId}`, { imageId, thumbnailId, original }).expect(200))
    .body as Photo;
}
