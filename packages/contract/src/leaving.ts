import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { SignedUrl, Timestamp, errors } from './common.ts';
import { Proof, proofNote } from './second-factor.ts';

const c = initContract();

/** The member's data export: none, being prepared by the job queue, or ready to download until it expires. */
export const DataExport = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('preparing'), requestedAt: Timestamp }),
  z.object({
    state: z.literal('ready'),
    requestedAt: Timestamp,
    readyAt: Timestamp,
    /** After this the link no longer works and the zip is deleted. */
    expiresAt: Timestamp,
    size: z.number().int().min(0),
  }),
]);
export type DataExport = z.infer<typeof DataExport>;

export const leavingContract = c.router({
  dataExport: {
    method: 'GET',
    path: '/me/export',
    summary: "The member's data export: none, being prepared, or ready until it expires",
    responses: { 200: DataExport, ...errors(401) },
  },
  startExport: {
    method: 'POST',
    path: '/me/export',
    summary: 'Starts building a zip of everything the member has; a mail says when it is ready',
    description:
      'The zip holds every album the member owns with its photos (originals where kept), their files and folders,' +
      ' and data.json (profile, albums with their shares, comments written, settings). It counts in their storage' +
      ' and can be downloaded for 7 days. A ready export is replaced; 409 while one is being prepared.',
    body: c.noBody(),
    responses: { 202: DataExport, ...errors(401, 403, 409, 413, 507) },
  },
  downloadExport: {
    method: 'GET',
    path: '/me/export/download',
    summary: "A signed, expiring URL that downloads the member's ready export (404 when none or expired)",
    responses: { 200: SignedUrl, ...errors(401, 403, 404) },
  },
  deleteAccount: {
    method: 'POST',
    path: '/me/delete-account',
    summary: 'Deletes the account and everything it holds, signs out everywhere and frees the address',
    description:
      proofNote +
      ' Albums shared with others stop being shared at once;' +
      ' the bytes are deleted by the job queue. Comments the member wrote are deleted with the account. 409 for' +
      ' the only administrator.',
    body: Proof,
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 409, 413, 429, 507) },
  },
});
