import { randomUUID } from 'node:crypto';
import { contract } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAlbum,
  jpegBytes,
  send,
  uploadImage,
  uploadPicked,
  verifyEmail,
  type Call,
} from './albums-factories.ts';
import { buildOpenApiDocument } from '../src/docs/openapi.ts';
import { databaseKind } from './database.ts';
import { defaultPassword, signedUpVisitor, siteAdmin, uniqueEmail } from './factories.ts';
import { createFolder, uploadFile } from './files-factories.ts';
import { startSite, type TestSite, type Visitor } from './support.ts';

/**
 * Every route of the contract against every kind of caller, with the status each must get. The callers act on the
 * owner's album, image, folder and file; a route without a row, or a row without a route, fails the test.
 */
const roles = [
  'visitor',
  'member', // signed up, address not verified, no files permission
  'memberWithoutFiles', // verified, no files permission
  'otherMember', // verified, files permission, owns nothing here
  'unverifiedSharee', // the album is shared with their address, which is not verified
  'verifiedSharee',
  'contributor', // verified, the album is shared with them as a contributor
  'owner', // verified, files permission, owns the album and the files
  'admin', // the first account: admin and files
  'adminInMaintenance', // the admin acting as the owner
] as const;
type Role = (typeof roles)[number];
type Statuses = Record<Role, number>;

interface Fixtures {
  albumId: string;
  imageId: string;
  folderId: string;
  fileId: string;
  fileUploadId: string;
  /** An owner's MultiPart upload (100 bytes in parts of 64), no part sent yet. */
  multipartUploadId: string;
  memberId: string;
  ownerId: string;
  ownerEmail: string;
  /** A new album of the owner's, shared with both sharees and the contributor. */
  freshAlbum(): Promise<string>;
  /** A new image in the owner's album. */
  freshImage(): Promise<string>;
  /** A new folder of the owner's. */
  freshFolder(): Promise<string>;
  /** An owner's file upload whose 5 bytes have arrived. */
  freshFileUpload(): Promise<string>;
  /** Two owner's album uploads (image, thumbnail) whose JPEGs have arrived. */
  freshImageUploads(): Promise<{ imageId: string; thumbnailId: string }>;
  /** A new MultiPart upload of the owner's. */
  freshMultipartUpload(): Promise<string>;
  /** The owner's MultiPart video upload to their album (100 bytes in parts of 64), no part sent yet. */
  videoUploadId: string;
  /** The owner's SinglePart upload to their album. */
  singleVideoUploadId: string;
  /** A new MultiPart video upload of the owner's to their album. */
  freshVideoUpload(): Promise<string>;
  /** A new folder of the owner's, in their trash. */
  trashedFolder(): Promise<string>;
  /** A new image in the owner's album, in their trash. */
  trashedImage(): Promise<string>;
}

interface Row {
  call: (f: Fixtures) => Call | Promise<Call>;
  expect: Statuses;
  /** The call changes the caller's session (log in, log out, maintenance mode): it runs on a new one. */
  fresh?: boolean;
  /**
   * The call ends the caller's other sessions (the shared ones and the fixtures' too): it runs after every other
   * row, one caller at a time, each on a new session.
   */
  last?: boolean;
}

const every = (status: number): Statuses => Object.fromEntries(roles.map((r) => [r, status])) as Statuses;
const loggedIn = (status: number): Statuses => ({ ...every(status), visitor: 401 });
const adminOnly = (status: number): Statuses => ({
  ...every(403),
  visitor: 401,
  admin: status,
});
/** Files routes: the files permission first (403), then only the owner's nodes exist (404 for others). */
const files = (owner: number, stranger = 404): Statuses => ({
  visitor: 401,
  member: 403,
  memberWithoutFiles: 403,
  otherMember: stranger,
  unverifiedSharee: 403,
  verifiedSharee: 403,
  contributor: 403,
  owner,
  admin: stranger,
  adminInMaintenance: owner,
});
/** Trash items: each member sees only their own (404 for everyone else, sharees too). */
const ownTrash = (owner: number): Statuses => ({
  ...every(404),
  visitor: 401,
  owner,
  adminInMaintenance: owner,
});
/**
 * Album routes: strangers get 404, sharees read (with a verified address) but never change; a contributor is a
 * sharee who may also add photos and remove their own.
 */
const album = (owner: number, verifiedSharee: number, contributor = verifiedSharee): Statuses => ({
  visitor: 401,
  member: 404,
  memberWithoutFiles: 404,
  otherMember: 404,
  unverifiedSharee: 403,
  verifiedSharee,
  contributor,
  owner,
  admin: 404,
  adminInMaintenance: owner,
});
const strongPassword = 'a long and unusual passphrase';
/** WebAuthn answers of the right shape that answer no challenge of the server's. */
const madeUpClientData = Buffer.from('{"type":"webauthn.get","challenge":"bm9uZQ"}').toString('base64url');
const madeUpRegistration = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: madeUpClientData, attestationObject: 'AAAA' },
};
const madeUpAssertion = {
  ...madeUpRegistration,
  response: { clientDataJSON: madeUpClientData, authenticatorData: 'AAAA', signature: 'AAAA' },
};

const matrix: Record<string, Row> = {
  'account.csrf': { call: () => ['get', '/api/csrf'], expect: every(200) },
  'account.health': { call: () => ['get', '/api/health'], expect: every(200) },
  'account.ready': { call: () => ['get', '/api/ready'], expect: every(200) },
  'account.signup': {
    call: () => ['post', '/api/signup', { emailAddress: uniqueEmail('matrix'), password: strongPassword }],
    expect: every(200),
    fresh: true,
  },
  'account.login': {
    call: () => ['post', '/api/login', { emailAddress: uniqueEmail('nobody'), password: 'wrong password' }],
    expect: every(200),
  },
  'account.logout': { call: () => ['post', '/api/logout'], expect: every(204), fresh: true },
  'account.me': { call: () => ['get', '/api/me'], expect: loggedIn(200) },
  'account.requestSignInLink': {
    // An address per call: each address may ask three times an hour.
    call: () => ['post', '/api/sign-in-link', { emailAddress: `${randomUUID()}@example.com` }],
    expect: every(204),
  },
  'account.followSignInLink': {
    call: () => ['post', '/api/sign-in-link/follow', { token: 'an-unknown-token' }],
    expect: every(400),
  },
  'account.storage': { call: () => ['get', '/api/me/storage'], expect: loggedIn(200) },
  'account.sendVerificationEmail': {
    call: () => ['post', '/api/send-verification-email'],
    expect: { ...loggedIn(409), member: 204, unverifiedSharee: 204 },
  },
  'account.verifyEmail': {
    call: () => ['post', '/api/verify-email', { token: 'no-such-token' }],
    expect: every(400),
  },
  'account.passwordResetInit': {
    call: () => ['post', '/api/password-reset-init', { emailAddress: uniqueEmail('nobody') }],
    expect: every(204),
  },
  'account.passwordResetSubmit': {
    call: (f) => [
      'post',
      '/api/password-reset-submit',
      { emailAddress: f.ownerEmail, password: strongPassword, passwordResetId: 'no-such-reset' },
    ],
    expect: every(400),
  },
  'account.notificationTypes': { call: () => ['get', '/api/me/notification-types'], expect: loggedIn(200) },
  'account.updateNotifications': {
    call: () => ['patch', '/api/me/notifications', { album_shared: false }],
    expect: loggedIn(200),
  },
  'account.updateDisplayName': {
    call: () => ['patch', '/api/me/display-name', { displayName: 'Someone' }],
    expect: loggedIn(200),
  },

  'security.state': { call: () => ['get', '/api/me/security'], expect: loggedIn(200) },
  'security.changePassword': {
    call: () => [
      'post',
      '/api/me/password',
      { currentPassword: 'not the password', newPassword: strongPassword },
    ],
    expect: loggedIn(403),
  },
  'security.changeEmail': {
    call: () => [
      'post',
      '/api/me/email',
      { emailAddress: uniqueEmail('new'), currentPassword: 'not the password' },
    ],
    expect: loggedIn(403),
  },
  'security.confirmEmail': {
    call: () => ['post', '/api/email-change/confirm', { token: 'no-such-token' }],
    expect: every(400),
  },
  'security.sessions': { call: () => ['get', '/api/me/sessions'], expect: loggedIn(200) },
  'security.endSession': {
    call: () => ['delete', `/api/me/sessions/${randomUUID()}`],
    expect: { ...loggedIn(404), adminInMaintenance: 403 },
  },
  'security.endOtherSessions': {
    call: () => ['post', '/api/me/sessions/end-others'],
    expect: { ...loggedIn(200), adminInMaintenance: 403 },
    fresh: true,
    last: true,
  },

  'leaving.dataExport': { call: () => ['get', '/api/me/export'], expect: loggedIn(200) },
  'leaving.startExport': {
    call: () => ['post', '/api/me/export'],
    expect: { ...loggedIn(202), adminInMaintenance: 403 },
  },
  'leaving.downloadExport': {
    call: () => ['get', '/api/me/export/download'],
    expect: { ...loggedIn(404), adminInMaintenance: 403 },
  },
  'leaving.deleteAccount': {
    call: () => ['post', '/api/me/delete-account', { currentPassword: 'not the password' }],
    expect: loggedIn(403),
  },

  'secondFactor.passkeys': { call: () => ['get', '/api/me/passkeys'], expect: loggedIn(200) },
  'secondFactor.passkeyOptions': {
    call: () => ['post', '/api/me/passkeys/options', { currentPassword: 'not the password' }],
    expect: { ...loggedIn(403) },
  },
  'secondFactor.addPasskey': {
    call: () => ['post', '/api/me/passkeys', { name: 'Key', response: madeUpRegistration }],
    expect: { ...loggedIn(400), adminInMaintenance: 403 },
  },
  'secondFactor.renamePasskey': {
    call: () => ['patch', `/api/me/passkeys/${randomUUID()}`, { name: 'Key' }],
    expect: { ...loggedIn(404), adminInMaintenance: 403 },
  },
  'secondFactor.removePasskey': {
    call: () => ['delete', `/api/me/passkeys/${randomUUID()}`, { currentPassword: 'not the password' }],
    expect: loggedIn(403),
  },
  'secondFactor.totpSetup': {
    call: () => ['post', '/api/me/totp/setup', { currentPassword: 'not the password' }],
    expect: loggedIn(403),
  },
  'secondFactor.enableTotp': {
    call: () => ['post', '/api/me/totp', { code: '123456' }],
    expect: { ...loggedIn(409), adminInMaintenance: 403 },
  },
  'secondFactor.disableTotp': {
    call: () => ['delete', '/api/me/totp', { currentPassword: 'not the password' }],
    expect: loggedIn(403),
  },
  'secondFactor.passkeyProofOptions': {
    call: () => ['post', '/api/me/passkey-proof/options'],
    expect: { ...loggedIn(409), adminInMaintenance: 403 },
  },
  'secondFactor.passkeySignInOptions': {
    call: () => ['post', '/api/passkey-sign-in/options'],
    expect: every(200),
  },
  'secondFactor.passkeySignIn': {
    call: () => ['post', '/api/passkey-sign-in', { response: madeUpAssertion }],
    expect: every(400),
  },
  'secondFactor.secondFactor': {
    call: () => ['post', '/api/login/second-factor', { code: '123456' }],
    expect: every(401),
  },

  'admin.findUser': {
    call: (f) => ['post', '/api/admin/user', { emailAddress: f.ownerEmail }],
    expect: adminOnly(200),
  },
  'admin.permissions': { call: () => ['get', '/api/admin/permissions'], expect: adminOnly(200) },
  'admin.setEmailVerification': {
    call: (f) => ['post', '/api/admin/email-verification', { emailAddress: f.ownerEmail, isVerified: true }],
    expect: adminOnly(200),
  },
  'admin.setPermissions': {
    call: (f) => ['patch', '/api/admin/permissions', { userId: f.ownerId, permissions: { files: true } }],
    expect: adminOnly(200),
  },
  'admin.setStorageQuota': {
    call: (f) => ['patch', '/api/admin/storage-quota', { userId: f.ownerId, quotaBytes: null }],
    expect: adminOnly(200),
  },
  'admin.storage': { call: () => ['get', '/api/admin/storage'], expect: adminOnly(200) },
  'admin.backups': { call: () => ['get', '/api/admin/backups'], expect: adminOnly(200) },
  'admin.settings': { call: () => ['get', '/api/admin/settings'], expect: adminOnly(200) },
  'admin.updateSettings': {
    call: () => ['put', '/api/admin/settings', { adminsNeedSecondFactor: false }],
    expect: adminOnly(200),
  },
  'admin.users': { call: () => ['get', '/api/admin/users?q=m&limit=5'], expect: adminOnly(200) },
  'admin.resetSecondFactors': {
    // The member has none: the route's checks run, and nothing changes.
    call: (f) => ['delete', `/api/admin/users/${f.memberId}/second-factors`],
    expect: adminOnly(409),
  },
  'admin.setDisabled': {
    // Enabling an enabled member: the route's checks run, and nothing changes for the rows after.
    call: (f) => ['put', `/api/admin/users/${f.memberId}/disabled`, { disabled: false }],
    expect: adminOnly(200),
  },
  'admin.audit': { call: () => ['get', '/api/admin/audit?limit=5'], expect: adminOnly(200) },
  'admin.enterMaintenanceMode': {
    call: (f) => ['post', '/api/admin/maintenance-mode', { userId: f.memberId }],
    expect: adminOnly(204),
    fresh: true,
  },
  'admin.leaveMaintenanceMode': {
    call: () => ['delete', '/api/admin/maintenance-mode'],
    expect: { ...loggedIn(409), adminInMaintenance: 204 },
    fresh: true,
  },

  'files.roots': { call: () => ['get', '/api/files'], expect: files(200, 200) },
  'files.children': { call: (f) => ['get', `/api/files/${f.folderId}`], expect: files(200) },
  'files.createDirectory': {
    call: () => ['post', '/api/files/create-directory', { name: 'Matrix', parentId: null }],
    expect: files(200, 200),
  },
  'files.createUpload': {
    call: () => ['post', '/api/files/create-upload', { size: 5 }],
    expect: files(200, 200),
  },
  'files.uploadUrl': { call: (f) => ['get', `/api/files/signed-url/${f.fileUploadId}`], expect: files(200) },
  'files.partUrls': {
    call: (f) => ['post', `/api/files/uploads/${f.multipartUploadId}/part-urls`, { partNumbers: [1, 2] }],
    expect: files(200),
  },
  'files.uploadParts': {
    call: (f) => ['get', `/api/files/uploads/${f.multipartUploadId}/parts`],
    expect: files(200),
  },
  'files.abortUpload': {
    call: async (f) => ['delete', `/api/files/uploads/${await f.freshMultipartUpload()}`],
    expect: files(204),
  },
  'files.createFile': {
    call: async (f) => [
      'post',
      '/api/files/create-file',
      { name: 'm.txt', mimeType: 'text/plain', size: 5, parentId: null, uploadId: await f.freshFileUpload() },
    ],
    expect: files(200),
  },
  'files.downloadUrl': { call: (f) => ['get', `/api/files/${f.fileId}/download`], expect: files(200) },
  'files.zip': { call: (f) => ['get', `/api/files/${f.folderId}/zip`], expect: files(200) },
  'files.zipMany': {
    call: (f) => ['get', `/api/files/zip?ids=${f.folderId},${f.fileId}`],
    expect: files(200),
  },
  'files.remove': {
    call: async (f) => ['delete', `/api/files/${await f.freshFolder()}`],
    expect: files(204),
  },
  'files.update': {
    call: (f) => ['patch', `/api/files/${f.fileId}`, { tag: 'Rename', contents: `${randomUUID()}.txt` }],
    expect: files(200),
  },

  'albums.signedUrls': {
    call: (f) => ['post', '/api/photo-albums/signed-urls', [f.imageId]],
    expect: loggedIn(200),
  },
  'albums.photo': {
    call: (f) => ['get', `/api/photo-albums/${f.albumId}/photos/${f.imageId}`],
    expect: album(200, 200),
  },
  'albums.create': { call: () => ['post', '/api/photo-albums', { name: 'Matrix' }], expect: loggedIn(200) },
  'albums.list': { call: () => ['get', '/api/photo-albums'], expect: loggedIn(200) },
  'albums.get': { call: (f) => ['get', `/api/photo-albums/${f.albumId}`], expect: album(200, 200) },
  'albums.images': { call: (f) => ['get', `/api/photo-albums/${f.albumId}/images`], expect: album(200, 200) },
  'albums.zip': { call: (f) => ['get', `/api/photo-albums/${f.albumId}/zip`], expect: album(200, 200) },
  'albums.addImage': {
    call: async (f) => ['post', `/api/photo-albums/${f.albumId}`, await f.freshImageUploads()],
    // The uploads are the owner's: a contributor may add, but only uploads reserved by themselves.
    expect: album(200, 403, 400),
  },
  'albums.update': {
    call: (f) => ['patch', `/api/photo-albums/${f.albumId}`, { description: 'Matrix' }],
    expect: album(200, 403),
  },
  'albums.presentHashes': {
    call: (f) => ['post', `/api/photo-albums/${f.albumId}/present-hashes`, { hashes: ['0'.repeat(64)] }],
    expect: album(200, 403, 200),
  },
  'albums.remove': {
    call: async (f) => ['delete', `/api/photo-albums/${await f.freshAlbum()}`],
    expect: album(204, 403),
  },
  'albums.createUpload': {
    call: (f) => ['post', `/api/photo-albums/${f.albumId}/upload`],
    expect: album(200, 403, 200),
  },
  'albums.createOriginalUpload': {
    call: (f) => ['post', `/api/photo-albums/${f.albumId}/original-upload`, { size: 10, name: 'v.mp4' }],
    expect: album(200, 403, 200),
  },
  // The uploads are the owner's: nobody else reaches them, a contributor neither.
  'albums.originalUploadUrl': {
    call: (f) => ['get', `/api/photo-albums/${f.albumId}/uploads/${f.singleVideoUploadId}/signed-url`],
    expect: album(200, 403, 404),
  },
  'albums.originalPartUrls': {
    call: (f) => [
      'post',
      `/api/photo-albums/${f.albumId}/uploads/${f.videoUploadId}/part-urls`,
      { partNumbers: [1, 2] },
    ],
    expect: album(200, 403, 404),
  },
  'albums.originalUploadParts': {
    call: (f) => ['get', `/api/photo-albums/${f.albumId}/uploads/${f.videoUploadId}/parts`],
    expect: album(200, 403, 404),
  },
  'albums.abortOriginalUpload': {
    call: async (f) => ['delete', `/api/photo-albums/${f.albumId}/uploads/${await f.freshVideoUpload()}`],
    expect: album(204, 403, 404),
  },
  'albums.downloadOriginal': {
    call: (f) => ['get', `/api/photo-albums/${f.albumId}/${f.imageId}/original`],
    // The owner's photo: the contributor did not add it, and the album does not allow originals.
    expect: album(200, 403, 403),
  },
  'albums.downloadImage': {
    call: (f) => ['get', `/api/photo-albums/${f.albumId}/${f.imageId}/download`],
    expect: album(200, 200),
  },
  'albums.removeImage': {
    call: async (f) => ['delete', `/api/photo-albums/${f.albumId}/${await f.freshImage()}`],
    expect: album(204, 403),
  },
  'albums.removeImages': {
    call: async (f) => [
      'post',
      `/api/photo-albums/${f.albumId}/remove-photos`,
      { imageIds: [await f.freshImage()] },
    ],
    // The owner's photo: a contributor removes only their own.
    expect: album(204, 403),
  },
  'albums.copyPhotos': {
    call: async (f) => [
      'post',
      `/api/photo-albums/${await f.freshAlbum()}/copy-photos`,
      { fromAlbumId: f.albumId, imageIds: [f.imageId] },
    ],
    // From an album the caller views into one shared with them: a contributor adds, a viewer does not.
    expect: album(200, 403, 200),
  },
  'albums.shares': { call: (f) => ['get', `/api/photo-albums/${f.albumId}/share`], expect: album(200, 403) },
  'albums.shareRoles': {
    call: (f) => ['get', `/api/photo-albums/${f.albumId}/share-roles`],
    expect: album(200, 403),
  },
  'albums.share': {
    call: (f) => ['post', `/api/photo-albums/${f.albumId}/share`, { emailAddress: uniqueEmail('friend') }],
    expect: album(200, 403),
  },
  'albums.unshare': {
    call: (f) => ['post', `/api/photo-albums/${f.albumId}/unshare`, { emailAddress: uniqueEmail('friend') }],
    expect: album(200, 403),
  },
  'albums.comments': {
    call: (f) => ['get', `/api/photo-albums/${f.albumId}/images/${f.imageId}/comments`],
    expect: album(200, 200),
  },
  'albums.addComment': {
    call: (f) => ['post', `/api/photo-albums/${f.albumId}/images/${f.imageId}/comments`, { comment: 'Nice' }],
    expect: album(200, 200),
  },
  'albums.albumViewed': {
    call: (f) => ['put', `/api/photo-albums/${f.albumId}/viewed`],
    expect: album(204, 204),
  },
  'albums.imageViewed': {
    call: (f) => ['put', `/api/photo-albums/${f.albumId}/${f.imageId}/viewed`],
    expect: album(204, 204),
  },

  'trash.list': { call: () => ['get', '/api/trash'], expect: loggedIn(200) },
  'trash.restore': {
    call: async (f) => ['post', `/api/trash/node/${await f.trashedFolder()}/restore`],
    expect: files(200),
  },
  'trash.remove': {
    call: async (f) => ['delete', `/api/trash/photo/${await f.trashedImage()}`],
    expect: ownTrash(204),
  },
  'trash.empty': { call: () => ['delete', '/api/trash'], expect: loggedIn(204) },
};

/** Every route of the contract as `area.name`, with its method and a pattern for its path. */
const contractRoutes = Object.entries(contract).flatMap(([area, routes]) =>
  Object.entries(routes).map(([name, route]) => ({
    key: `${area}.${name}`,
    method: route.method.toLowerCase(),
    path: new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`),
    documentedPath: route.path.replace(/:(\w+)/g, '{$1}'),
  })),
);

let site: TestSite;
let fixtures: Fixtures;
/** How to get a new session for each role. */
let login: Record<Role, () => Promise<Visitor>>;
let sessions: Record<Role, Visitor>;

async function logIn(emailAddress: string): Promise<Visitor> {
  const visitor = await site.visitor();
  await visitor.post('/api/login', { emailAddress, password: defaultPassword }).expect(200, 'true');
  return visitor;
}

beforeAll(async () => {
  site = await startSite();
  const db = site.deps.db;
  const admin = await siteAdmin(site);
  const member = await signedUpVisitor(site);
  const withoutFiles = await signedUpVisitor(site);
  const other = await signedUpVisitor(site);
  const unverifiedSharee = await signedUpVisitor(site);
  const verifiedSharee = await signedUpVisitor(site);
  const contributor = await signedUpVisitor(site);
  const owner = await signedUpVisitor(site);
  for (const m of [admin, withoutFiles, other, verifiedSharee, contributor, owner])
    await verifyEmail(site, m.user.userId);
  await db.permissionGrant.createMany({
    data: [other, owner].map((m) => ({ userId: m.user.userId, permission: 'files' })),
  });

  const sharees = [unverifiedSharee, verifiedSharee].map((m) => m.user.emailAddress);
  const shared = async (albumId: string) => {
    await db.albumShare.createMany({ data: sharees.map((email) => ({ albumId, email })) });
    await db.albumShare.create({
      data: { albumId, email: contributor.user.emailAddress, role: 'CONTRIBUTOR' },
    });
    return albumId;
  };
  const albumId = await shared((await createAlbum(owner.visitor, 'Owned')).photoAlbumId);
  const image = await uploadPicked(owner.visitor, albumId, {
    bytes: await jpegBytes(),
    name: 'owned.jpg',
    type: 'image/jpeg',
  });
  const folder = await createFolder(owner.visitor, 'Owned');
  const file = await uploadFile(owner.visitor, { name: 'owned.txt', bytes: Buffer.from('owned') });
  const imageUpload = async () => {
    const { id } = await db.pendingUpload.create({
      data: { ownerId: owner.user.userId, kind: 'IMAGE', albumId },
    });
    await site.deps.blobs.write(id, await jpegBytes(), 'image/jpeg');
    return id;
  };
  // Made in the database: this site keeps the default 64 MiB threshold, and the row is what the routes read.
  const multipartUpload = async (inAlbum?: string) =>
    (
      await db.pendingUpload.create({
        data: {
          ownerId: owner.user.userId,
          kind: inAlbum ? 'IMAGE' : 'FILE',
          albumId: inAlbum,
          size: 100n,
          partSize: 64,
          multipartId: '',
        },
      })
    ).id;
  fixtures = {
    videoUploadId: await multipartUpload(albumId),
    freshVideoUpload: () => multipartUpload(albumId),
    singleVideoUploadId: (
      await db.pendingUpload.create({
        data: { ownerId: owner.user.userId, kind: 'IMAGE', albumId, size: 10n },
      })
    ).id,
    multipartUploadId: await multipartUpload(),
    freshMultipartUpload: multipartUpload,
    albumId,
    imageId: image.imageId,
    folderId: folder.nodeId,
    fileId: file.nodeId,
    fileUploadId: (await owner.visitor.post('/api/files/create-upload', { size: 5 }).expect(200)).body
      .contents,
    memberId: member.user.userId,
    ownerId: owner.user.userId,
    ownerEmail: owner.user.emailAddress,
    freshAlbum: async () => shared((await createAlbum(owner.visitor, 'Doomed')).photoAlbumId),
    freshImage: async () => (await uploadImage(owner.visitor, albumId)).imageId,
    freshFolder: async () => (await createFolder(owner.visitor, randomUUID())).nodeId,
    freshFileUpload: async () => {
      const { id } = await db.pendingUpload.create({
        data: { ownerId: owner.user.userId, kind: 'FILE', size: 5n },
      });
      await site.deps.blobs.write(id, Buffer.from('bytes'), 'application/octet-stream');
      return id;
    },
    freshImageUploads: async () => ({ imageId: await imageUpload(), thumbnailId: await imageUpload() }),
    trashedFolder: async () => {
      const { nodeId } = await createFolder(owner.visitor, randomUUID());
      await owner.visitor.delete(`/api/files/${nodeId}`).expect(204);
      return nodeId;
    },
    trashedImage: async () => {
      const { imageId } = await uploadImage(owner.visitor, albumId);
      await owner.visitor.delete(`/api/photo-albums/${albumId}/${imageId}`).expect(204);
      return imageId;
    },
  };

  login = {
    visitor: () => site.visitor(),
    member: () => logIn(member.user.emailAddress),
    memberWithoutFiles: () => logIn(withoutFiles.user.emailAddress),
    otherMember: () => logIn(other.user.emailAddress),
    unverifiedSharee: () => logIn(unverifiedSharee.user.emailAddress),
    verifiedSharee: () => logIn(verifiedSharee.user.emailAddress),
    contributor: () => logIn(contributor.user.emailAddress),
    owner: () => logIn(owner.user.emailAddress),
    admin: () => logIn(admin.user.emailAddress),
    adminInMaintenance: async () => {
      const session = await logIn(admin.user.emailAddress);
      await session.post('/api/admin/maintenance-mode', { userId: owner.user.userId }).expect(204);
      return session;
    },
  };
  sessions = Object.fromEntries(
    await Promise.all(roles.map(async (role) => [role, await login[role]()] as const)),
  ) as Record<Role, Visitor>;
}, 120_000);
afterAll(() => site.close());

describe(`access matrix: every route x every kind of caller (${databaseKind})`, () => {
  it('has a row for every route of the contract, and no row for a route that is gone', () => {
    expect(Object.keys(matrix).sort()).toEqual(contractRoutes.map((r) => r.key).sort());
  });

  it('lists in the OpenAPI document every error status a caller gets from a route', () => {
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, { responses: object }>>;
    const unlisted = contractRoutes.flatMap((route) => {
      const listed = Object.keys(paths[route.documentedPath]![route.method]!.responses);
      return Object.entries(matrix[route.key]!.expect)
        .filter(([, status]) => !listed.includes(String(status)))
        .map(([role, status]) => `${route.key} as ${role}: ${status}`);
    });
    expect(unlisted).toEqual([]);
  });

  it(`answers each of the ${Object.keys(matrix).length} x ${roles.length} cells with its expected status`, async () => {
    const wrong: string[] = [];
    const isLast = (key: string) => Number(matrix[key]?.last ?? false);
    for (const route of [...contractRoutes].sort((a, b) => isLast(a.key) - isLast(b.key))) {
      const row = matrix[route.key]!;
      const run = async (work: (role: Role) => Promise<void>) => {
        if (!row.last) return void (await Promise.all(roles.map(work)));
        for (const role of roles) await work(role);
      };
      await run(async (role) => {
        const call = await row.call(fixtures);
        expect(call[0], route.key).toBe(route.method);
        expect(call[1].split('?')[0], route.key).toMatch(route.path);
        const session = row.fresh ? await login[role]() : sessions[role];
        const res = await send(session, call);
        if (res.status !== row.expect[role]) {
          wrong.push(
            `${route.key} as ${role}: ${res.status} (wanted ${row.expect[role]}) ${res.text.slice(0, 120)}`,
          );
        }
        if (res.status >= 400) expect(res.body.error?.code, `${route.key} as ${role}`).toBeTypeOf('string');
      });
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
