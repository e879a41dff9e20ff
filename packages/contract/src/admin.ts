import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { EmailAddress, Id } from './common.ts';
import { BackupOverview } from './backups.ts';
import { AdminUser, MemberStorage, Permission, PermissionName, SiteSettings } from './entities.ts';

const c = initContract();

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
    responses: { 200: AdminUser.nullable() },
  },
  permissions: {
    method: 'GET',
    path: '/admin/permissions',
    summary: 'The permissions an admin can grant',
    responses: { 200: z.array(Permission) },
  },
  setEmailVerification: {
    method: 'POST',
    path: '/admin/email-verification',
    summary: "Marks a user's address verified or not",
    body: z.object({ emailAddress: EmailAddress, isVerified: z.boolean() }),
    responses: { 200: AdminUser },
  },
  setPermissions: {
    method: 'PATCH',
    path: '/admin/permissions',
    summary: 'Grants (true) or revokes (false) permissions; `admin` itself cannot be changed here',
    body: z.object({ userId: Id, permissions: z.record(PermissionName, z.boolean()) }),
    responses: { 200: AdminUser },
  },
  setStorageQuota: {
    method: 'PATCH',
    path: '/admin/storage-quota',
    summary: "Sets a user's own storage quota in bytes; null returns them to the configured default",
    body: z.object({
      userId: Id,
      quotaBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
    }),
    responses: { 200: AdminUser },
  },
  storage: {
    method: 'GET',
    path: '/admin/storage',
    summary: "Every member's storage use and quota, the largest use first",
    responses: { 200: z.array(MemberStorage) },
  },
  backups: {
    method: 'GET',
    path: '/admin/backups',
    summary: 'How the scheduled backups went: the newest attempt and the newest verified backup',
    responses: { 200: BackupOverview },
  },
  settings: {
    method: 'GET',
    path: '/admin/settings',
    summary: 'The site-wide settings',
    responses: { 200: SiteSettings },
  },
  updateSettings: {
    method: 'PUT',
    path: '/admin/settings',
    summary:
      'Changes site settings; requiring a second factor needs one on the admin making the change (409)',
    body: SiteSettings,
    responses: { 200: SiteSettings },
  },
  enterMaintenanceMode: {
    method: 'POST',
    path: '/admin/maintenance-mode',
    summary: "The admin's session acts as the user until it leaves or logs out",
    body: z.object({ userId: Id }),
    responses: { 204: c.noBody() },
  },
  leaveMaintenanceMode: {
    method: 'DELETE',
    path: '/admin/maintenance-mode',
    summary: "Returns the session to the admin's own account",
    body: c.noBody(),
    responses: { 204: c.noBody() },
  },
});
