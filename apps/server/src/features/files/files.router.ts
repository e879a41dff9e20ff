import { contract, nextPageHeader } from '@site/contract';
import type { Response } from 'express';
import { initServer } from '@ts-rest/express';
import type { AppDeps } from '../../deps.ts';
import { zipArchive } from '../../zip/zip-archive.ts';
import { zipResponse } from '../../zip/zip-response.ts';
import { fileUploads, requireFilesUser } from './access.ts';
import { createDirectory } from './create-directory.ts';
import { createFile } from './create-file.ts';
import { createUpload, uploadUrl } from './create-upload.ts';
import { downloadUrl } from './download-url.ts';
import { folderZip } from './folder-zip.ts';
import { listChildren, listRoots, type NodePage } from './list-nodes.ts';
import { abortUpload, partUrls, uploadParts } from './multipart-upload.ts';
import { moveNode } from './move-node.ts';
import { presentNode } from './present.ts';
import { removeNode } from './remove-node.ts';
import { renameNode } from './rename-node.ts';
import { selectionZip } from './selection-zip.ts';

const s = initServer();

/** A page's nodes as the body; the cursor of the next page, if any, in its header. */
function answerPage(res: Response, page: NodePage) {
  if (page.next) res.setHeader(nextPageHeader, page.next);
  return page.nodes;
}

/** The personal file manager: every handler needs the `files` permission and acts on the caller's own tree. */
export function filesRouter(deps: AppDeps) {
  const { db } = deps;

  return s.router(contract.files, {
    roots: async ({ query, req, res }) => {
      const user = requireFilesUser(req);
      return { status: 200, body: answerPage(res, await listRoots(db, user.id, query)) };
    },
    // Before `children`: routes are matched in this order, and /files/:nodeId would take /files/zip.
    zipMany: async ({ query, req, res }) => {
      const user = requireFilesUser(req);
      const { fileName, entries } = await selectionZip(db, user.id, query.ids.split(','));
      return zipResponse(req, res, fileName, await zipArchive(deps.blobs, entries));
    },
    children: async ({ params, query, req, res }) => {
      const user = requireFilesUser(req);
      return { status: 200, body: answerPage(res, await listChildren(db, user.id, params.nodeId, query)) };
    },
    createDirectory: async ({ body, req }) => {
      const user = requireFilesUser(req);
      return { status: 200, body: presentNode(await createDirectory(deps, user.id, body)) };
    },
    createUpload: async ({ body, req }) => {
      const user = requireFilesUser(req);
      return { status: 200, body: await createUpload(deps, fileUploads(user.id), body) };
    },
    uploadUrl: async ({ params, req }) => {
      const user = requireFilesUser(req);
      return { status: 200, body: { url: await uploadUrl(deps, fileUploads(user.id), params.uploadId) } };
    },
    partUrls: async ({ params, body, req }) => {
      const user = requireFilesUser(req);
      return {
        status: 200,
        body: { urls: await partUrls(deps, fileUploads(user.id), params.uploadId, body.partNumbers) },
      };
    },
    uploadParts: async ({ params, req }) => {
      const user = requireFilesUser(req);
      return { status: 200, body: await uploadParts(deps, fileUploads(user.id), params.uploadId) };
    },
    abortUpload: async ({ params, req }) => {
      const user = requireFilesUser(req);
      await abortUpload(deps, fileUploads(user.id), params.uploadId);
      return { status: 204, body: undefined };
    },
    createFile: async ({ body, req }) => {
      const user = requireFilesUser(req);
      return { status: 200, body: presentNode(await createFile(deps, user.id, body)) };
    },
    downloadUrl: async ({ params, req }) => {
      const user = requireFilesUser(req);
      return { status: 200, body: { url: await downloadUrl(deps, user.id, params.nodeId) } };
    },
    zip: async ({ params, req, res }) => {
      const user = requireFilesUser(req);
      const { fileName, entries } = await folderZip(db, user.id, params.nodeId);
      return zipResponse(req, res, fileName, await zipArchive(deps.blobs, entries));
    },
    remove: async ({ params, req }) => {
      const user = requireFilesUser(req);
      await removeNode(deps, user.id, params.nodeId);
      return { status: 204, body: undefined };
    },
    update: async ({ params, body, req }) => {
      const user = requireFilesUser(req);
      const node =
        body.tag === 'Rename'
          ? await renameNode(deps, user.id, params.nodeId, body.contents)
          : await moveNode(deps, user.id, params.nodeId, body.contents);
      return { status: 200, body: presentNode(node) };
    },
  });
}
