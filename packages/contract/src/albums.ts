import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  atLeast,
  atMost,
  EmailAddress,
  errors,
  Id,
  IdList,
  ShownName,
  SignedUrl,
  Text,
  Timestamp,
  zipDownload,
} from './common.ts';
import {
  Image,
  ImageComment,
  ImageOrder,
  PhotoAlbum,
  ShareRole,
  ShareRoles,
  Shares,
  StoredPart,
  UploadPlan,
} from './entities.ts';
import { OriginalName, OriginalType } from './originals.ts';
import { CreateUploadBody, PartUrls, PartUrlsBody, UploadParams } from './uploads.ts';
import { PageQuery } from './paging.ts';

/** The largest JPEG (full image, thumbnail or rendition) an album accepts: 25 MiB. */
export const imageMaxBytes = 25 * 1024 * 1024;

/** The longest video an album takes: a day, which no phone video comes near. */
export const videoMaxDurationMs = 24 * 60 * 60 * 1000;

const c = initContract();

/** Where the browser gets one of a photo's JPEGs (the `photo` route): a URL that never changes, so it is cached. */
export const photoUrl = (photoAlbumId: string, blobId: string) =>
  `/api/photo-albums/${photoAlbumId}/photos/${blobId}`;

const AlbumParams = z.object({ photoAlbumId: Id });
const ImageParams = z.object({ photoAlbumId: Id, imageId: Id });
const AlbumUploadParams = AlbumParams.merge(UploadParams);
const AlbumName = ShownName(200);

const dayMs = 24 * 60 * 60 * 1000;
const earliestTaken = Date.UTC(1900, 0, 1);

/**
 * When a photo was taken: a real time from 1900 to a day from now (cameras with a clock set wrong say otherwise;
 * the browser leaves such a date out).
 */
export const TakenAt = Timestamp.refine((iso) => {
  const at = Date.parse(iso);
  return at >= earliestTaken && at <= Date.now() + dayMs;
}, 'Must be a time from 1900 to now');

/** SHA-256 of a file's bytes as 64 lowercase hex digits. */
export const ContentHash = Text().regex(/^[0-9a-f]{64}$/, 'Must be 64 lowercase hex digits');

/** How many content hashes one `presentHashes` call may ask about. */
export const hashLookupMax = 500;

/** Exactly one change per request. */
export const AlbumPatch = z.union([
  z.object({ name: AlbumName }).strict(),
  z.object({ description: Text({ multiLine: true }).max(10_000, atMost(10_000)) }).strict(),
  z.object({ position: z.number().int().min(0) }).strict(),
  z.object({ imageRank: z.tuple([Id, z.number().int().min(0)]) }).strict(),
  z.object({ order: ImageOrder }).strict(),
  z.object({ allowOriginals: z.boolean() }).strict(),
]);
export type AlbumPatch = z.infer<typeof AlbumPatch>;

/**
 * The uploads an image is made of: its JPEGs and, from newer clients, the original file as picked. A video the
 * browser could not decode (an HEVC MOV in desktop Chromium) has no poster to make: it sends neither `imageId` nor
 * `thumbnailId` (nor `renditionId`), only its original and duration, and is kept without JPEGs.
 */
export const AddImageBody = z.object({
  imageId: Id.optional(),
  thumbnailId: Id.optional(),
  renditionId: Id.optional(),
  original: z.object({ uploadId: Id, name: OriginalName, type: OriginalType }).optional(),
  takenAt: TakenAt.optional(),
  contentHash: ContentHash.optional(),
  /** For a video (an original of a video/* type, required then): how long it plays, as the browser measured it. */
  durationMs: z.number().int().min(0).max(videoMaxDurationMs).optional(),
});
export type AddImageBody = z.infer<typeof AddImageBody>;

const ShareBody = z.object({ emailAddress: EmailAddress });

/** The most photos one request may name: a selection's zip, copy or removal. */
export const maxSelectedPhotos = 200;
const SelectedPhotos = z
  .array(Id)
  .min(1)
  .max(maxSelectedPhotos)
  .refine((ids) => new Set(ids).size === ids.length, 'Each photo only once');

/** Photos of album `fromAlbumId` to add to another album as copies of their own. */
export const CopyPhotosBody = z.object({ fromAlbumId: Id, imageIds: SelectedPhotos });
export type CopyPhotosBody = z.infer<typeof CopyPhotosBody>;

/**
 * Owners may do everything; others only what the share with their verified address grants: a viewer reads and
 * comments, a contributor also adds photos and removes the ones they added.
 */
export const albumsContract = c.router({
  signedUrls: {
    method: 'POST',
    path: '/photo-albums/signed-urls',
    summary: 'Signed, expiring GET URLs for image, rendition or thumbnail ids the caller may view',
    body: z.array(Id).min(1).max(500),
    responses: { 200: z.record(Id, z.string()), ...errors(400, 401, 403, 413, 507) },
  },
  photo: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId/photos/:blobId',
    summary:
      "One of a photo's JPEGs (its image, rendition or thumbnail id) for callers who may view the album",
    description:
      'The id names bytes that never change, so the answer may be kept for a year (`Cache-Control: private,' +
      ' immutable`); who may view the album is checked on every request. With S3 storage the answer is a 302 to a' +
      ' presigned URL that stays the same for half a week. Photos in the trash are a 404.',
    pathParams: z.object({ photoAlbumId: Id, blobId: Id }),
    responses: {
      200: c.otherResponse({ contentType: 'image/jpeg', body: z.unknown().describe('The JPEG') }),
      302: c.noBody(),
      ...errors(400, 401, 403, 404),
    },
  },
  create: {
    method: 'POST',
    path: '/photo-albums',
    summary: 'Creates an album owned by the caller',
    body: z.object({ name: AlbumName }),
    responses: { 200: PhotoAlbum, ...errors(400, 401, 403, 413, 507) },
  },
  list: {
    method: 'GET',
    path: '/photo-albums',
    summary: "The caller's own albums and those shared with their verified address",
    responses: { 200: z.array(PhotoAlbum), ...errors(401) },
  },
  get: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId',
    summary: 'An album the caller may view, with their role in it',
    pathParams: AlbumParams,
    responses: { 200: PhotoAlbum, ...errors(400, 401, 403, 404) },
  },
  images: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId/images',
    summary: "The album's photos, in the album's order; pages with `limit` and `after` (see `x-next-page`)",
    description:
      'A paged call (`limit`) answers the number of photos in the whole album in `x-total-count` on its first page.' +
      ' With `around` (a photo of the album, with `limit`) the page holds that photo, about half the page before' +
      ' it and the rest after, and says where it starts in the album (`x-page-start`, from 0) and the total; with' +
      ' `before` (an `x-previous-page` cursor) the page ends where the page that gave it began. Those pages carry' +
      ' `x-previous-page` while photos come before them. One of `after`, `before` and `around` at most; a photo' +
      ' not live in the album is a 404.',
    pathParams: AlbumParams,
    query: PageQuery.extend({ before: PageQuery.shape.after, around: Id.optional() }),
    responses: { 200: z.array(Image), ...errors(400, 401, 403, 404) },
  },
  zip: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId/zip',
    summary:
      "The album's photos in one zip archive, in the album's order: originals under their own names for callers who" +
      ' may download them, else the JPEG named after the original (IMG_0001.jpg); photos without an original' +
      ' <album name>/001.jpg; videos always as the video under its own name (whoever may view may play it)',
    description:
      'With `ids` (comma-separated, at most 200), only those photos; 404 when any is not a live photo of the album.' +
      ' With `except` instead, every photo but those (a whole album chosen, less a few unticked).',
    pathParams: AlbumParams,
    query: z.object({
      ids: IdList(maxSelectedPhotos, 'photo').optional(),
      except: IdList(maxSelectedPhotos, 'photo').optional(),
    }),
    responses: { 200: c.otherResponse(zipDownload), ...errors(400, 401, 403, 404) },
  },
  addImage: {
    method: 'POST',
    path: '/photo-albums/:photoAlbumId',
    summary:
      'Adds an uploaded image, its uploaded thumbnail and, optionally, its screen-sized rendition at the end of the album',
    description:
      '`original` names the upload (from original-upload) holding the file as it was picked, with its file name and' +
      ' type; it is kept byte for byte beside the JPEGs. With `contentHash` (the SHA-256 of the file as picked), a' +
      ' photo whose hash a live photo of the album has is a 409: its uploads are given up and nothing is charged.' +
      ' A video names its upload (from original-upload) as `original`, of a video/* type, with its `durationMs`; its' +
      ' JPEGs are its poster frame; one the browser could not decode comes without JPEGs (no imageId, thumbnailId' +
      ' or renditionId) and is listed with a null thumbnailId.',
    pathParams: AlbumParams,
    body: AddImageBody,
    responses: { 200: Image, ...errors(400, 401, 403, 404, 409, 413, 507) },
  },
  presentHashes: {
    method: 'POST',
    path: '/photo-albums/:photoAlbumId/present-hashes',
    summary: 'Which of these content hashes the live photos of the album have (for those who may add photos)',
    description: 'Photos in the trash do not count: adding one of them again is allowed.',
    pathParams: AlbumParams,
    body: z.object({ hashes: z.array(ContentHash).min(1).max(hashLookupMax) }),
    responses: { 200: z.array(ContentHash), ...errors(400, 401, 403, 404, 413, 507) },
  },
  update: {
    method: 'PATCH',
    path: '/photo-albums/:photoAlbumId',
    summary:
      "Changes one thing about an album: its name, description, place, a photo's place, its order or originals",
    pathParams: AlbumParams,
    body: AlbumPatch,
    responses: { 200: PhotoAlbum, ...errors(400, 401, 403, 404, 413, 507) },
  },
  remove: {
    method: 'DELETE',
    path: '/photo-albums/:photoAlbumId',
    summary: 'Moves an album, with its photos, to the trash (owner only)',
    pathParams: AlbumParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 507) },
  },
  createUpload: {
    method: 'POST',
    path: '/photo-albums/:photoAlbumId/upload',
    summary: 'Reserves a JPEG upload: answers [imageId, signed URL to PUT it to]',
    description:
      "The announced `size` is charged to the caller's storage quota (the owner's, or a contributor's own) until the" +
      ' image is added (then its stored size is, to the same person, until the photo is deleted for good) and caps' +
      ' the PUT; without it the most a JPEG may be (25 MiB) is charged.',
    pathParams: AlbumParams,
    body: z.object({ size: z.number().int().min(1).max(imageMaxBytes).optional() }).optional(),
    responses: { 200: z.tuple([Id, z.string()]), ...errors(400, 401, 403, 404, 413, 507) },
  },
  createOriginalUpload: {
    method: 'POST',
    path: '/photo-albums/:photoAlbumId/original-upload',
    summary:
      "Reserves the upload of a photo's original or a video, sent as files are: in one PUT, or in parts above the multipart threshold",
    description:
      'For whoever may add to the album. The `size` is charged to their storage from now on and the upload is named' +
      ' as the original of the photo or video when it is added (addImage joins its parts). An unfinished MultiPart upload of' +
      ' the same name, size and modification time to this album is answered again, to resume it. Over' +
      ' MAX_UPLOAD_BYTES: 413.',
    pathParams: AlbumParams,
    body: CreateUploadBody.extend({ size: z.number().int().min(1) }),
    responses: { 200: UploadPlan, ...errors(400, 401, 403, 404, 413, 507) },
  },
  originalUploadUrl: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId/uploads/:uploadId/signed-url',
    summary: "A signed URL to PUT the bytes of the caller's SinglePart upload to",
    pathParams: AlbumUploadParams,
    responses: { 200: SignedUrl, ...errors(400, 401, 403, 404, 409) },
  },
  originalPartUrls: {
    method: 'POST',
    path: '/photo-albums/:photoAlbumId/uploads/:uploadId/part-urls',
    summary: "Signed URLs to PUT parts of the caller's MultiPart upload to",
    pathParams: AlbumUploadParams,
    body: PartUrlsBody,
    responses: { 200: PartUrls, ...errors(400, 401, 403, 404, 409, 413, 507) },
  },
  originalUploadParts: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId/uploads/:uploadId/parts',
    summary: "The parts of the caller's MultiPart upload the store holds, to resume it",
    pathParams: AlbumUploadParams,
    responses: { 200: z.array(StoredPart), ...errors(400, 401, 403, 404, 409) },
  },
  abortOriginalUpload: {
    method: 'DELETE',
    path: '/photo-albums/:photoAlbumId/uploads/:uploadId',
    summary:
      "Gives up the caller's upload to this album not added yet (an original, a video, or a JPEG's slot); frees its bytes",
    pathParams: AlbumUploadParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 409, 507) },
  },
  downloadOriginal: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId/:imageId/original',
    summary: "A signed, expiring URL that downloads the photo's original under its own name and type",
    description:
      'For the owner, the contributor who added the photo, and everyone with access when the album allows' +
      ' originals (others 403); 404 for a photo whose original was not kept.',
    pathParams: ImageParams,
    responses: { 200: SignedUrl, ...errors(400, 401, 403, 404) },
  },
  downloadImage: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId/:imageId/download',
    summary:
      'A signed, expiring URL that downloads the full-size image (a video item: its video) as an attachment',
    pathParams: ImageParams,
    responses: { 200: SignedUrl, ...errors(400, 401, 403, 404) },
  },
  removeImages: {
    method: 'POST',
    path: '/photo-albums/:photoAlbumId/remove-photos',
    summary:
      "Moves several photos to the owner's trash at once, under the rules of removeImage: all of them, or none",
    description:
      '404 when any is not a live photo of the album; 403 when a contributor names a photo someone else added.' +
      ' With `allExcept` instead of `imageIds`, every live photo of the album but those (at most 200): a whole' +
      ' album chosen, however much of it the caller has listed.',
    pathParams: AlbumParams,
    body: z.union([
      z.object({ imageIds: SelectedPhotos }),
      z.object({ allExcept: z.array(Id).max(maxSelectedPhotos) }),
    ]),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 413, 507) },
  },
  copyPhotos: {
    method: 'POST',
    path: '/photo-albums/:photoAlbumId/copy-photos',
    summary:
      'Adds photos of another album the caller may view to this one (theirs, or one they contribute to)',
    description:
      'Each becomes a photo of its own here, its stored files copied and charged to the caller (413 past their' +
      ' quota), keeping its capture date, name and content hash; the original only when the caller may download' +
      ' it. Photos this album already has (same content hash) are skipped and counted. 404 when the source album' +
      ' or any photo is not one the caller may view.',
    pathParams: AlbumParams,
    body: CopyPhotosBody,
    responses: {
      200: z.object({ added: z.number().int(), duplicates: z.number().int() }),
      ...errors(400, 401, 403, 404, 409, 413, 507),
    },
  },
  removeImage: {
    method: 'DELETE',
    path: '/photo-albums/:photoAlbumId/:imageId',
    summary:
      "Moves a photo to the owner's trash: the owner any photo, a contributor only one they added (else 403)",
    pathParams: ImageParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 507) },
  },
  shares: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId/share',
    summary: 'The addresses the album is shared with',
    pathParams: AlbumParams,
    responses: { 200: Shares, ...errors(400, 401, 403, 404) },
  },
  shareRoles: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId/share-roles',
    summary: 'The addresses the album is shared with, each with its role (owner only)',
    pathParams: AlbumParams,
    responses: { 200: ShareRoles, ...errors(400, 401, 403, 404) },
  },
  share: {
    method: 'POST',
    path: '/photo-albums/:photoAlbumId/share',
    summary: 'Shares the album with an address as a viewer (the default) or a contributor',
    description:
      'Sharing again with an address sends no new mail; with a role, it changes the share to that role (without' +
      ' one, the role stays).',
    pathParams: AlbumParams,
    body: ShareBody.extend({ role: ShareRole.optional() }),
    responses: { 200: Shares, ...errors(400, 401, 403, 404, 409, 413, 429, 507) },
  },
  unshare: {
    method: 'POST',
    path: '/photo-albums/:photoAlbumId/unshare',
    summary: 'Stops sharing the album with an address (owner only)',
    pathParams: AlbumParams,
    body: ShareBody,
    responses: { 200: Shares, ...errors(400, 401, 403, 404, 413, 507) },
  },
  comments: {
    method: 'GET',
    path: '/photo-albums/:photoAlbumId/images/:imageId/comments',
    summary: "A photo's comments, oldest first",
    pathParams: ImageParams,
    responses: { 200: z.array(ImageComment), ...errors(400, 401, 403, 404) },
  },
  addComment: {
    method: 'POST',
    path: '/photo-albums/:photoAlbumId/images/:imageId/comments',
    summary: 'Comments on a photo',
    pathParams: ImageParams,
    body: z.object({ comment: Text({ multiLine: true }).trim().min(1, atLeast(1)).max(5000, atMost(5000)) }),
    responses: { 200: ImageComment, ...errors(400, 401, 403, 404, 413, 507) },
  },
  albumViewed: {
    method: 'PUT',
    path: '/photo-albums/:photoAlbumId/viewed',
    summary: 'Marks the album seen by the caller (its new photos are no longer new)',
    pathParams: AlbumParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 507) },
  },
  imageViewed: {
    method: 'PUT',
    path: '/photo-albums/:photoAlbumId/:imageId/viewed',
    summary: 'Marks a photo seen by the caller',
    pathParams: ImageParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 507) },
  },
});
