import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { atMost, Id, Text } from './common.ts';
import { FileNode, NodeName, NodePatch, SinglePart } from './entities.ts';

const c = initContract();

const NodeParams = z.object({ nodeId: Id });
const SignedUrl = z.object({ url: z.string() });

/** Every route here needs the `files` permission; nodes belong to their owner only. */
export const filesContract = c.router({
  roots: {
    method: 'GET',
    path: '/files',
    responses: { 200: z.array(FileNode) },
  },
  children: {
    method: 'GET',
    path: '/files/:nodeId',
    pathParams: NodeParams,
    responses: { 200: z.array(FileNode) },
  },
  createDirectory: {
    method: 'POST',
    path: '/files/create-directory',
    summary: 'A clashing name becomes "Name (2)" and so on',
    body: z.object({ name: NodeName.default('New Directory'), parentId: Id.nullable() }),
    responses: { 200: FileNode },
  },
  createUpload: {
    method: 'POST',
    path: '/files/create-upload',
    body: z.object({ size: z.number().int().min(0) }),
    responses: { 200: SinglePart },
  },
  uploadUrl: {
    method: 'GET',
    path: '/files/signed-url/:uploadId',
    summary: 'A signed URL to PUT the bytes of an upload to',
    pathParams: z.object({ uploadId: Id }),
    responses: { 200: SignedUrl },
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
    responses: { 200: FileNode },
  },
  downloadUrl: {
    method: 'GET',
    path: '/files/:nodeId/download',
    summary: 'A signed, expiring URL to GET the bytes of a file',
    pathParams: NodeParams,
    responses: { 200: SignedUrl },
  },
  remove: {
    method: 'DELETE',
    path: '/files/:nodeId',
    pathParams: NodeParams,
    body: c.noBody(),
    responses: { 204: c.noBody() },
  },
  update: {
    method: 'PATCH',
    path: '/files/:nodeId',
    summary: 'Moves (ChangeParent) or renames (Rename) a node',
    pathParams: NodeParams,
    body: NodePatch,
    responses: { 200: FileNode },
  },
});
