import { rm } from 'node:fs/promises';
import express, { type Router } from 'express';
import { AppError } from '../http/app-error.ts';
import type { Db } from '../db/database.ts';
import type { DownloadOffload } from '../config.ts';
import { isBlobKey } from './blob-store.ts';
import { assertRoomFor } from './disk-guard.ts';
import type { LocalBlobStore } from './local-blob-store.ts';
import { serveLocalBlob } from './serve-blob.ts';
import { isWanted, touchTakingParts } from './upload-claims.ts';
import { takenOver, UploadLease } from './upload-lease.ts';

const deadLink = () => new AppError('forbidden', 'This upload link has been used, or its upload is gone');

/**
 * PUT and GET of local blobs through their signed URLs; the bytes stream to and from disk. A PUT also needs its
 * pending upload, which it claims (a lease of `leaseMs`, upload-lease.ts), so a link works once and never after
 * its upload is committed or removed; a PUT cut off with its server may be sent again once its lease lapsed.
 * Files are served so that they never run on the site's origin, by Node or by the proxy (`offload`).
 */
export function localBlobRoutes(
  store: LocalBlobStore,
  db: Db,
  leaseMs: number,
  offload: DownloadOffload,
): Router {
  const router = express.Router();

  router.put('/blobs/:key', async (req, res, next) => {
    try {
      const key = req.params.key;
      const grant = isBlobKey(key) ? store.verify('put', key, req.query) : null;
      if (!grant || grant.op !== 'put')
        throw new AppError('forbidden', 'This upload link is invalid or has expired');
      if (Number(req.headers['content-length'] ?? 0) > grant.maxBytes) {
        throw new AppError('too_large', `The upload is larger than ${grant.maxBytes} bytes`);
      }
      await assertRoomFor(store, Number(req.headers['content-length'] ?? 0));
      const lease = await UploadLease.take(db, key, leaseMs);
      if (!lease) throw deadLink();
      // Taken over from a PUT whose claim lapsed: if that one delivered its bytes, the link is spent.
      if ((await store.size(key)) !== null) throw deadLink();
      const target = store.pathOf(key);
      try {
        // Held (renewed if need be) just before the rename: no other PUT takes over until the bytes are in place.
        const kept = await store.writeUpload(key, lease.renewing(req), grant.maxBytes, () => lease.hold());
        if (!kept) throw takenOver();
      } catch (error) {
        await lease.release();
        throw error;
      }
      // Removed while the bytes were on their way: nothing may keep them.
      if (!(await isWanted(db, key))) {
        await rm(target, { force: true });
        throw deadLink();
      }
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  // A part of a multipart upload, written at its place in the upload's data file while the upload takes parts
  // (not committed, removed, or being joined). One statement: the check that touches the upload. An abort or sweep
  // while the bytes are on their way frees them once they have arrived (LocalBlobStore.abortParts).
  router.put('/blobs/:key/parts/:partNumber', async (req, res, next) => {
    try {
      const { key } = req.params;
      const partNumber = /^[1-9][0-9]{0,4}$/.test(req.params.partNumber) ? Number(req.params.partNumber) : 0;
      const grant =
        isBlobKey(key) && partNumber > 0 ? store.verify('part', key, req.query, partNumber) : null;
      if (!grant || grant.op !== 'part')
        throw new AppError('forbidden', 'This upload link is invalid or has expired');
      if (Number(req.headers['content-length'] ?? 0) > grant.maxBytes) {
        throw new AppError('too_large', `The part is larger than ${grant.maxBytes} bytes`);
      }
      await assertRoomFor(store, Number(req.headers['content-length'] ?? 0));
      if (!(await store.writePart(grant, req, () => touchTakingParts(db, key)))) throw deadLink();
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  router.get('/blobs/:key', async (req, res, next) => {
    try {
      const key = req.params.key;
      const grant = isBlobKey(key) ? store.verify('get', key, req.query) : null;
      if (!grant || grant.op !== 'get')
        throw new AppError('forbidden', 'This link is invalid or has expired');
      if ((await store.size(key)) === null) throw new AppError('not_found', 'Not Found');
      serveLocalBlob(res, next, store, offload, { ...grant, cacheControl: 'private, max-age=600' });
    } catch (error) {
      next(error);
    }
  });

  return router;
}
