import {
  contract,
  nextPageHeader,
  pageStartHeader,
  previousPageHeader,
  totalCountHeader,
} from '@site/contract';
import { initServer } from '@ts-rest/express';
import { requireUser } from '../../auth/current-user.ts';
import type { AppDeps } from '../../deps.ts';
import { zipArchive } from '../../zip/zip-archive.ts';
import { zipResponse } from '../../zip/zip-response.ts';
import { requireAlbum, requireImage, requireRemovableImage, requireVerifiedOwner } from './access.ts';
import { addImage } from './add-image.ts';
import { mayRemoveImage } from './album-role.ts';
import { albumZip } from './album-zip.ts';
import { recordAlbumView } from './album-visits.ts';
import { addComment, listComments } from './comments.ts';
import { createAlbum } from './create-album.ts';
import { copyPhotos } from './copy-photos.ts';
import { createImageUpload } from './create-upload.ts';
import { downloadImageUrl } from './download-image.ts';
import { presentHashes } from './duplicates.ts';
import { listAlbums } from './list-albums.ts';
import { listImages } from './list-images.ts';
import { AppError } from '../../http/app-error.ts';
import { downloadOriginalUrl } from './originals.ts';
import { photoFile } from './photo-file.ts';
import { albumUploads } from './original-uploads.ts';
import { createUpload, uploadUrl } from '../files/create-upload.ts';
import { abortUpload, partUrls, uploadParts } from '../files/multipart-upload.ts';
import { presentAlbum, presentComment, presentImage } from './present.ts';
import { removeAlbum } from './remove-album.ts';
import { removeImage, removeImages } from './remove-image.ts';
import { refuseActingAdminShare } from './acting-admin-share.ts';
import { listShareRoles, listShares, shareAlbum, unshareAlbum } from './shares.ts';
import { signedUrls } from './signed-urls.ts';
import { updateAlbum } from './update-album.ts';
import { recordImageView } from './views.ts';

const s = initServer();
const noContent = { status: 204, body: undefined } as const;

/**
 * Photo albums. Every handler requires a logged-in caller (401) and asks access.ts whether their role
 * (album-role.ts) lets them do what the route needs before calling a command.
 */
export function albumsRouter(deps: AppDeps) {
  const { db } = deps;
  const user = requireUser;

  return s.router(contract.albums, {
    signedUrls: async ({ body, req }) => ({
      status: 200,
      body: await signedUrls(deps, user(req), body),
    }),
    photo: async ({ params, req, res }) =>
      photoFile(deps, user(req), params.photoAlbumId, params.blobId, res),
    create: async ({ body, req }) => {
      const owner = user(req);
      return { status: 200, body: presentAlbum(await createAlbum(deps, owner.id, body.name), 'owner') };
    },
    list: async ({ req }) => ({
      status: 200,
      body: await listAlbums(db, user(req)),
    }),
    get: async ({ params, req }) => {
      const album = await requireAlbum(db, user(req), params.photoAlbumId, 'view');
      return { status: 200, body: presentAlbum(album, album.role) };
    },
    images: async ({ params, query, req, res }) => {
      const caller = user(req);
      const album = await requireAlbum(db, caller, params.photoAlbumId, 'view');
      const page = await listImages(db, album, caller.id, query);
      if (page.next) res.setHeader(nextPageHeader, page.next);
      if (page.previous) res.setHeader(previousPageHeader, page.previous);
      if (page.total !== null) res.setHeader(totalCountHeader, String(page.total));
      if (page.start !== null) res.setHeader(pageStartHeader, String(page.start));
      return { status: 200, body: page.images.map(presentImage) };
    },
    zip: async ({ params, query, req, res }) => {
      const caller = user(req);
      const album = await requireAlbum(db, caller, params.photoAlbumId, 'view');
      if (query.ids && query.except) throw new AppError('bad_request', 'Give ids or except, not both');
      const chosen = query.ids
        ? query.ids.split(',')
        : query.except
          ? { allExcept: query.except.split(',') }
          : undefined;
      const { fileName, entries } = await albumZip(deps, album, caller.id, chosen);
      return zipResponse(req, res, fileName, await zipArchive(deps.blobs, entries));
    },
    addImage: async ({ params, body, req }) => {
      const uploader = user(req);
      const album = await requireAlbum(db, uploader, params.photoAlbumId, 'add');
      return { status: 200, body: presentImage(await addImage(deps, uploader.id, album.id, body)) };
    },
    presentHashes: async ({ params, body, req }) => {
      const album = await requireAlbum(db, user(req), params.photoAlbumId, 'add');
      return { status: 200, body: await presentHashes(db, album.id, body.hashes) };
    },
    update: async ({ params, body, req }) => {
      const album = await requireAlbum(db, user(req), params.photoAlbumId, 'change');
      return { status: 200, body: presentAlbum(await updateAlbum(deps, album, body), album.role) };
    },
    remove: async ({ params, req }) => {
      await removeAlbum(deps, await requireAlbum(db, user(req), params.photoAlbumId, 'change'));
      return noContent;
    },
    createUpload: async ({ params, body, req }) => {
      const uploader = user(req);
      const album = await requireAlbum(db, uploader, params.photoAlbumId, 'add');
      return { status: 200, body: await createImageUpload(deps, uploader.id, album.id, body?.size) };
    },
    createOriginalUpload: async ({ params, body, req }) => {
      const scope = await albumUploads(db, user(req), params.photoAlbumId);
      return { status: 200, body: await createUpload(deps, scope, body) };
    },
    originalUploadUrl: async ({ params, req }) => {
      const scope = await albumUploads(db, user(req), params.photoAlbumId);
      return { status: 200, body: { url: await uploadUrl(deps, scope, params.uploadId) } };
    },
    originalPartUrls: async ({ params, body, req }) => {
      const scope = await albumUploads(db, user(req), params.photoAlbumId);
      return { status: 200, body: { urls: await partUrls(deps, scope, params.uploadId, body.partNumbers) } };
    },
    originalUploadParts: async ({ params, req }) => {
      const scope = await albumUploads(db, user(req), params.photoAlbumId);
      return { status: 200, body: await uploadParts(deps, scope, params.uploadId) };
    },
    abortOriginalUpload: async ({ params, req }) => {
      await abortUpload(deps, await albumUploads(db, user(req), params.photoAlbumId), params.uploadId);
      return noContent;
    },
    downloadOriginal: async ({ params, req }) => {
      const caller = user(req);
      const { album, image } = await requireImage(db, caller, params.photoAlbumId, params.imageId, 'view');
      return { status: 200, body: { url: await downloadOriginalUrl(deps.blobs, caller.id, album, image) } };
    },
    downloadImage: async ({ params, req }) => {
      const { album, image } = await requireImage(db, user(req), params.photoAlbumId, params.imageId, 'view');
      return { status: 200, body: { url: await downloadImageUrl(deps.blobs, album, image) } };
    },
    removeImages: async ({ params, body, req }) => {
      const caller = user(req);
      const album = await requireAlbum(db, caller, params.photoAlbumId, 'removeOwn');
      await removeImages(deps, album.id, 'imageIds' in body ? body.imageIds : body, (image) =>
        mayRemoveImage(album.role, caller.id, image),
      );
      return noContent;
    },
    copyPhotos: async ({ params, body, req }) => {
      const caller = user(req);
      // The source first: a photo the caller cannot view is a 404 whatever the target.
      const from = await requireAlbum(db, caller, body.fromAlbumId, 'view');
      const to = await requireAlbum(db, caller, params.photoAlbumId, 'add');
      return { status: 200, body: await copyPhotos(deps, caller.id, from, to, body.imageIds) };
    },
    removeImage: async ({ params, req }) => {
      const { album, image } = await requireRemovableImage(
        db,
        user(req),
        params.photoAlbumId,
        params.imageId,
      );
      await removeImage(deps, album.id, image.id);
      return noContent;
    },
    shares: async ({ params, req }) => {
      const album = await requireAlbum(db, user(req), params.photoAlbumId, 'share');
      return { status: 200, body: await listShares(db, album.id) };
    },
    shareRoles: async ({ params, req }) => {
      const album = await requireAlbum(db, user(req), params.photoAlbumId, 'share');
      return { status: 200, body: await listShareRoles(db, album.id) };
    },
    share: async ({ params, body, req }) => {
      const owner = user(req);
      const album = await requireAlbum(db, owner, params.photoAlbumId, 'share');
      requireVerifiedOwner(owner);
      await refuseActingAdminShare(db, req.session.adminId, body.emailAddress);
      return { status: 200, body: await shareAlbum(deps, owner, album, body.emailAddress, body.role) };
    },
    unshare: async ({ params, body, req }) => {
      const owner = user(req);
      const album = await requireAlbum(db, owner, params.photoAlbumId, 'share');
      requireVerifiedOwner(owner);
      return { status: 200, body: await unshareAlbum(db, album.id, body.emailAddress) };
    },
    comments: async ({ params, req }) => {
      const { image } = await requireImage(db, user(req), params.photoAlbumId, params.imageId, 'view');
      return { status: 200, body: (await listComments(db, image.id)).map(presentComment) };
    },
    addComment: async ({ params, body, req }) => {
      const author = user(req);
      const { album, image } = await requireImage(db, author, params.photoAlbumId, params.imageId, 'comment');
      return {
        status: 200,
        body: presentComment(await addComment(deps, author, album, image.id, body.comment)),
      };
    },
    albumViewed: async ({ params, req }) => {
      const viewer = user(req);
      await recordAlbumView(
        deps,
        viewer.id,
        (await requireAlbum(db, viewer, params.photoAlbumId, 'view')).id,
      );
      return noContent;
    },
    imageViewed: async ({ params, req }) => {
      const viewer = user(req);
      const { image } = await requireImage(db, viewer, params.photoAlbumId, params.imageId, 'view');
      await recordImageView(deps, viewer.id, image.id);
      return noContent;
    },
  });
}
