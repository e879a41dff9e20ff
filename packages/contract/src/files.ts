import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { atMost, Id, IdList, SignedUrl, Text, zipDownload, errors } from './common.ts';
import { PageQuery } from './paging.ts';
import { FileNode, NodeName, NodePatch, StoredPart, UploadPlan } from './entities.ts';
import { CreateUploadBody, PartUrls, PartUrlsBody, UploadParams } from './uploads.ts';

const c = initContract();

const NodeParams = z.object({ nodeId: Id });

/** The most nodes one zip of a selection names: their ids travel in the URL, so a link can download it. */
export const maxZipNodes = 200;

/** Every route here needs the `files` permission; nodes belong to their owner only. */
export const filesContract = c.router({
  roots: {
    method: 'GET',
    path: '/files',
    summary: 'The top-level nodes; pages with `limit` and `after` (see `x-next-page`)',
    query: PageQuery,
    responses: { 200: z.array(FileNode), ...errors(400, 401, 403) },
  },
  zipMany: {
    method: 'GET',
    path: '/files/zip',
    summary:
      'Several files and folders (`ids`, comma-separated, at most 200) as one zip archive, each folder with ' +
      'everything in it; 404 when any is not a live node of the caller',
    query: z.object({
      ids: IdList(maxZipNodes, 'node'),
    }),
    responses: { 200: c.otherResponse(zipDownload), ...errors(400, 401, 403, 404) },
  },
  children: {
    method: 'GET',
    path: '/files/:nodeId',
    summary: "A folder's children; pages with `limit` and `after` (see `x-next-page`)",
    pathParams: NodeParams,
    query: PageQuery,
    responses: { 200: z.array(FileNode), ...errors(400, 401, 403, 404) },
  },
  createDirectory: {
    method: 'POST',
    path: '/files/create-directory',
    summary: 'A clashing name becomes "Name (2)" and so on',
    body: z.object({ name: NodeName.default('New Directory'), parentId: Id.nullable() }),
    responses: { 200: FileNode, ...errors(400, 401, 403, 404, 409, 413, 507) },
  },
  createUpload: {
    method: 'POST',
    path: '/files/create-upload',
    summary:
      'SinglePart up to the multipart threshold, MultiPart above it; a MultiPart upload of the same name, size and ' +
      'modification time that was never finished is answered again, so picking the same file resumes it. ' +
      'Sizes over MAX_UPLOAD_BYTES are a 413 before any byte moves.',
    body: CreateUploadBody,
    responses: { 200: UploadPlan, ...errors(400, 401, 403, 404, 413, 507) },
  },
  uploadUrl: {
    method: 'GET',
    path: '/files/signed-url/:uploadId',
    summary: 'A signed URL to PUT the bytes of a SinglePart upload to',
    pathParams: UploadParams,
    responses: { 200: SignedUrl, ...errors(400, 401, 403, 404, 409) },
  },
  partUrls: {
    method: 'POST',
    path: '/files/uploads/:uploadId/part-urls',
    summary: 'Signed URLs to PUT parts of a MultiPart upload to, one per part number asked for',
    pathParams: UploadParams,
    body: PartUrlsBody,
    responses: { 200: PartUrls, ...errors(400, 401, 403, 404, 409, 413, 507) },
  },
  uploadParts: {
    method: 'GET',
    path: '/files/uploads/:uploadId/parts',
    summary: 'The parts of a MultiPart upload the store holds, to resume it',
    pathParams: UploadParams,
    responses: { 200: z.array(StoredPart), ...errors(400, 401, 403, 404, 409) },
  },
  abortUpload: {
    method: 'DELETE',
    path: '/files/uploads/:uploadId',
    summary: 'Gives up an upload that has not become a file and frees its stored bytes',
    pathParams: UploadParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 409, 507) },
  },
  createFile: {
    method: 'POST',
    path: '/files/create-file',
    body: z.object({
      name: NodeName,
      mimeType: Text().max(255, atMost(255)),
      size: z.number().int().min(0),
      parentId: Id.nullable(),
      uploadId: Id,
    }),
    summary:
      'Commits an upload as a file; a MultiPart upload is joined first, and a missing part or a total that is not ' +
      '`size` is a 409',
    responses: { 200: FileNode, ...errors(400, 401, 403, 404, 409, 413, 507) },
  },
  downloadUrl: {
    method: 'GET',
    path: '/files/:nodeId/download',
    summary: 'A signed, expiring URL to GET the bytes of a file',
    pathParams: NodeParams,
    responses: { 200: SignedUrl, ...errors(400, 401, 403, 404) },
  },
  zip: {
    method: 'GET',
    path: '/files/:nodeId/zip',
    summary: 'A folder and everything in it as one zip archive (400 for a file)',
    pathParams: NodeParams,
    responses: { 200: c.otherResponse(zipDownload), ...errors(400, 401, 403, 404) },
  },
  remove: {
    method: 'DELETE',
    path: '/files/:nodeId',
    summary: 'Moves a file or folder, with all it holds, to the trash',
    pathParams: NodeParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 507) },
  },
  update: {
    method: 'PATCH',
    path: '/files/:nodeId',
    summary: 'Moves (ChangeParent) or renames (Rename) a node',
    pathParams: NodeParams,
    body: NodePatch,
    responses: { 200: FileNode, ...errors(400, 401, 403, 404, 409, 413, 507) },
  },
});
