import { contract } from '@site/contract';
import { initServer } from '@ts-rest/express';
import { requireUser } from '../../auth/current-user.ts';
import { permissionDescriptions } from '../../auth/permissions.ts';
import { endSession, startSession } from '../../auth/session.ts';
import { backupOverview } from '../../backups/overview.ts';
import type { AppDeps } from '../../deps.ts';
import { auditLog } from './audit-log.ts';
import { findUser } from './find-user.ts';
import { listMembers } from './list-members.ts';
import { enterMaintenanceMode, leaveMaintenanceMode } from './maintenance-mode.ts';
import { presentAdminUser } from './present.ts';
import { requireAdmin as requireAdminOf } from './require-admin.ts';
import { resetSecondFactors } from './reset-second-factors.ts';
import { setDisabled } from './set-disabled.ts';
import { setEmailVerification } from './set-email-verification.ts';
import { setPermissions } from './set-permissions.ts';
import { siteSettings, updateSiteSettings } from './site-settings.ts';
import { membersStorage, setStorageQuota } from './storage-quota.ts';

const s = initServer();

/** Admin tools; every handler checks the admin permission on the server, whatever the UI shows. */
export function adminRouter(deps: AppDeps) {
  const { db } = deps;
  const requireAdmin = (req: Parameters<typeof requireAdminOf>[1]) => requireAdminOf(db, req);

  return s.router(contract.admin, {
    findUser: async ({ body, req }) => {
      await requireAdmin(req);
      const user = await findUser(deps, body.emailAddress);
      return { status: 200, body: user ? await presentAdminUser(deps, user) : null };
    },
    permissions: async ({ req }) => {
      await requireAdmin(req);
      return {
        status: 200,
        body: Object.entries(permissionDescriptions).map(([name, description]) => ({ name, description })),
      };
    },
    setEmailVerification: async ({ body, req }) => {
      await requireAdmin(req);
      const user = await setEmailVerification(deps, body.emailAddress, body.isVerified);
      return { status: 200, body: await presentAdminUser(deps, user) };
    },
    setPermissions: async ({ body, req }) => {
      await requireAdmin(req);
      return {
        status: 200,
        body: await presentAdminUser(deps, await setPermissions(deps, body.userId, body.permissions)),
      };
    },
    setStorageQuota: async ({ body, req }) => {
      await requireAdmin(req);
      const user = await setStorageQuota(deps, body.userId, body.quotaBytes);
      return { status: 200, body: await presentAdminUser(deps, user) };
    },
    storage: async ({ req }) => {
      await requireAdmin(req);
      return { status: 200, body: await membersStorage(deps) };
    },
    backups: async ({ req }) => {
      await requireAdmin(req);
      return { status: 200, body: await backupOverview(deps.config) };
    },
    settings: async ({ req }) => {
      await requireAdmin(req);
      return { status: 200, body: await siteSettings(db) };
    },
    updateSettings: async ({ body, req }) => {
      const admin = await requireAdmin(req);
      return { status: 200, body: await updateSiteSettings(db, admin.id, body) };
    },
    users: async ({ query, req }) => {
      await requireAdmin(req);
      return { status: 200, body: await listMembers(deps, query) };
    },
    setDisabled: async ({ params, body, req }) => {
      const { id: adminId } = await requireAdmin(req);
      const user = await setDisabled(deps, { adminId }, params.userId, body.disabled);
      return { status: 200, body: await presentAdminUser(deps, user) };
    },
    resetSecondFactors: async ({ params, req }) => {
      const { id: adminId } = await requireAdmin(req);
      const user = await resetSecondFactors(deps, { adminId }, params.userId);
      return { status: 200, body: await presentAdminUser(deps, user) };
    },
    audit: async ({ query, req }) => {
      await requireAdmin(req);
      return { status: 200, body: await auditLog(deps, query) };
    },
    enterMaintenanceMode: async ({ body, req }) => {
      const identity = await enterMaintenanceMode(
        { db, logger: req.log },
        await requireAdmin(req),
        body.userId,
      );
      await startSession(req, identity);
      return { status: 204, body: undefined };
    },
    leaveMaintenanceMode: async ({ req, res }) => {
      const identity = { userId: requireUser(req).id, adminId: req.session.adminId };
      const adminId = await leaveMaintenanceMode({ db, logger: req.log }, identity);
      // The admin's own account may be gone meanwhile: then there is nobody to go back to.
      if (adminId) await startSession(req, { userId: adminId });
      else await endSession(req, res);
      return { status: 204, body: undefined };
    },
  });
}
