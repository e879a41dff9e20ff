import { initContract } from '@ts-rest/core';
import { accountContract } from './account.ts';
import { adminContract } from './admin.ts';
import { albumsContract } from './albums.ts';
import { errorResponses } from './common.ts';
import { filesContract } from './files.ts';
import { leavingContract } from './leaving.ts';
import { secondFactorContract } from './second-factor.ts';
import { securityContract } from './security.ts';
import { trashContract } from './trash.ts';

const c = initContract();

/** The whole /api surface. Server and web both derive from this object. */
export const contract = c.router(
  {
    account: accountContract,
    security: securityContract,
    leaving: leavingContract,
    secondFactor: secondFactorContract,
    admin: adminContract,
    files: filesContract,
    albums: albumsContract,
    trash: trashContract,
  },
  { pathPrefix: '/api', commonResponses: errorResponses, strictStatusCodes: true },
);
export type Contract = typeof contract;

export * from './common.ts';
export * from './entities.ts';
export { NewPassword } from './account.ts';
export { BackupOverview, BackupStatus } from './backups.ts';
export { SecurityState, SessionInfo } from './security.ts';
export { DataExport } from './leaving.ts';
export {
  AddImageBody,
  AlbumPatch,
  ContentHash,
  CopyPhotosBody,
  hashLookupMax,
  imageMaxBytes,
  maxSelectedPhotos,
  photoUrl,
  TakenAt,
  videoMaxDurationMs,
} from './albums.ts';
export { CreateUploadBody } from './uploads.ts';
export { isVideoType, OriginalFile, OriginalName, OriginalType, originalTypes } from './originals.ts';
export { PasskeyInfo } from './second-factor.ts';
export { AuthenticationResponse, RegistrationResponse } from './webauthn.ts';
export { maxZipNodes } from './files.ts';
export {
  maxPageSize,
  nextPageHeader,
  pageStartHeader,
  previousPageHeader,
  totalCountHeader,
} from './paging.ts';
export { Restored, TrashItem, TrashKind } from './trash.ts';
