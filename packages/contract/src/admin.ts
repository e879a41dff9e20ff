import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { atMost, EmailAddress, Id, Text, errors } from './common.ts';
import { BackupOverview } from './backups.ts';
import {
  AdminUser,
  AuditEntry,
  MemberRow,
  MemberStorage,
  Permission,
  PermissionName,
  SiteSettings,
} from './entities.ts';

const c = initContract();

/** The most rows one page of an admin listing holds. */
export const maxAdminPageSize = 100;
const adminPageSizeWords = `limit must be a whole number from 1 to ${maxAdminPageSize}`;

/**
 * Keyset paging of an admin listing: `limit` rows (25 when not given), `after` the `next` cursor of the page
 * before; `next` is null on the last page.
 */
const AdminPageQuery = z.object({
  after: Text().max(1024, atMost(1024)).optional(),
  limit: z.coerce
    .number({ invalid_type_error: adminPageSizeWords })
    .int(adminPageSizeWords)
    .min(1, adminPageSizeWords)
    .max(maxAdminPageSize, adminPageSizeWords)
    .optional(),
});
const nextCursor = z.string().nullable();

/**
 * Every route here needs the `admin` permission, except leaving maintenance mode; while `adminsNeedSecondFactor`
 * is on, also a second factor (403 second_factor_required without one).
 */
export const adminContract = c.router({
  findUser: {
    method: 'POST',
    path: '/admin/user',
    summary: 'Looks a user up by e-mail address (null when none has it)',
    body: z.object({ emailAddress: EmailAddress }),
    responses: { 200: AdminUser.nullable(), ...errors(400, 401, 403, 404, 413, 507) },
  },
  permissions: {
    method: 'GET',
    path: '/admin/permissions',
    summary: 'The permissions an admin can grant',
    responses: { 200: z.array(Permission), ...errors(401, 403) },
  },
  setEmailVerification: {
    method: 'POST',
    path: '/admin/email-verification',
    summary: "Marks a user's address verified or not",
    body: z.object({ emailAddress: EmailAddress, isVerified: z.boolean() }),
    responses: { 200: AdminUser, ...errors(400, 401, 403, 404, 413, 507) },
  },
  setPermissions: {
    method: 'PATCH',
    path: '/admin/permissions',
    summary: 'Grants (true) or revokes (false) permissions; `admin` itself cannot be changed here',
    body: z.object({ userId: Id, permissions: z.record(PermissionName, z.boolean()) }),
    responses: { 200: AdminUser, ...errors(400, 401, 403, 404, 413, 507) },
  },
  setStorageQuota: {
    method: 'PATCH',
    path: '/admin/storage-quota',
    summary: "Sets a user's own storage quota in bytes; null returns them to the configured default",
    body: z.object({
      userId: Id,
      quotaBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
    }),
    responses: { 200: AdminUser, ...errors(400, 401, 403, 404, 413, 507) },
  },
  storage: {
    method: 'GET',
    path: '/admin/storage',
    summary: "Every member's storage use and quota, the largest use first",
    responses: { 200: z.array(MemberStorage), ...errors(401, 403) },
  },
  backups: {
    method: 'GET',
    path: '/admin/backups',
    summary: 'How the scheduled backups went: the newest attempt and the newest verified backup',
    responses: { 200: BackupOverview, ...errors(401, 403) },
  },
  settings: {
    method: 'GET',
    path: '/admin/settings',
    summary: 'The site-wide settings',
    responses: { 200: SiteSettings, ...errors(401, 403) },
  },
  updateSettings: {
    method: 'PUT',
    path: '/admin/settings',
    summary:
      'Changes site settings; requiring a second factor needs one on the admin making the change (409)',
    body: SiteSettings,
    responses: { 200: SiteSettings, ...errors(400, 401, 403, 409, 413, 507) },
  },
  users: {
    method: 'GET',
    path: '/admin/users',
    summary:
      'Members by address, paged; `q` keeps those whose address or display name starts with it (any case)',
    query: AdminPageQuery.extend({ q: Text().trim().max(254, atMost(254)).optional() }),
    responses: { 200: z.object({ users: z.array(MemberRow), next: nextCursor }), ...errors(400, 401, 403) },
  },
  setDisabled: {
    method: 'PUT',
    path: '/admin/users/:userId/disabled',
    summary:
      "Disables (true) or enables again (false) a member; disabling ends their sessions at once. An admin's " +
      'own account, and the last enabled admin, cannot be disabled (409)',
    pathParams: z.object({ userId: Id }),
    body: z.object({ disabled: z.boolean() }),
    responses: { 200: AdminUser, ...errors(400, 401, 403, 404, 409, 413, 507) },
  },
  resetSecondFactors: {
    method: 'DELETE',
    path: '/admin/users/:userId/second-factors',
    summary:
      'Takes every second factor off a member who lost them all (passkeys, authenticator app, recovery codes)',
    description:
      'They sign in with their password or a mailed link alone until they add new ones, and are told by mail; the' +
      ' reset is written to the audit log. 409 for the admin’s own account and for a member without a second factor.',
    pathParams: z.object({ userId: Id }),
    body: c.noBody(),
    responses: { 200: AdminUser, ...errors(400, 401, 403, 404, 409, 507) },
  },
  audit: {
    method: 'GET',
    path: '/admin/audit',
    summary: 'The maintenance-mode audit log, newest first, paged',
    query: AdminPageQuery,
    responses: {
      200: z.object({ entries: z.array(AuditEntry), next: nextCursor }),
      ...errors(400, 401, 403),
    },
  },
  enterMaintenanceMode: {
    method: 'POST',
    path: '/admin/maintenance-mode',
    summary: "The admin's session acts as the user until it leaves or logs out",
    body: z.object({ userId: Id }),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 409, 413, 507) },
  },
  leaveMaintenanceMode: {
    method: 'DELETE',
    path: '/admin/maintenance-mode',
    summary: "Returns the session to the admin's own account",
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(401, 403, 409, 507) },
  },
});
