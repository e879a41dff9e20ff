import { contract } from '@site/contract';
import { initServer } from '@ts-rest/express';
import { requirePermission } from '../../auth/current-user.ts';
import { permissionDescriptions } from '../../auth/permissions.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { normalizeEmail } from '../account/email.ts';
import { enterMaintenanceMode, leaveMaintenanceMode } from './maintenance-mode.ts';
import { presentAdminUser } from './present.ts';
import { setPermissions } from './set-permissions.ts';

const s = initServer();
const withPermissions = { permissions: true } as const;

/** Admin tools; every handler checks the admin permission on the server, whatever the UI shows. */
export function adminRouter(deps: AppDeps) {
  const { db } = deps;
  const requireAdmin = (req: Parameters<typeof requirePermission>[0]) => requirePermission(req, 'admin');

  return s.router(contract.admin, {
    findUser: async ({ body, req }) => {
      await requireAdmin(req);
      const user = await db.user.findUnique({
        where: { email: normalizeEmail(body.emailAddress) },
        include: withPermissions,
      });
      return { status: 200, body: user ? presentAdminUser(user) : null };
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
      const email = normalizeEmail(body.emailAddress);
      const { count } = await db.user.updateMany({
        where: { email },
        data: { emailVerifiedAt: body.isVerified ? new Date() : null },
      });
      if (count === 0) throw notFound('No such user');
      const user = await db.user.findUniqueOrThrow({ where: { email }, include: withPermissions });
      return { status: 200, body: presentAdminUser(user) };
    },
    setPermissions: async ({ body, req }) => {
      await requireAdmin(req);
      return { status: 200, body: presentAdminUser(await setPermissions(db, body.userId, body.permissions)) };
    },
    enterMaintenanceMode: async ({ body, req }) => {
      const admin = requireAdmin(req);
      await enterMaintenanceMode(deps, req, admin, body.userId);
      return { status: 204, body: undefined };
    },
    leaveMaintenanceMode: async ({ req }) => {
      await leaveMaintenanceMode(req);
      return { status: 204, body: undefined };
    },
  });
}
