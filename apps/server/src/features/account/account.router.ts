import { initServer } from '@ts-rest/express';
import { contract } from '@site/contract';
import { currentUser, presentMe, requireUser } from '../../auth/current-user.ts';
import { destroySession, regenerateSession } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { checkCredentials } from './login.ts';
import { signup } from './signup.ts';

const s = initServer();
const notYet = () => {
  throw new AppError('not_implemented', 'Not available yet');
};

export function accountRouter(deps: AppDeps) {
  const { db } = deps;
  return s.router(contract.account, {
    csrf: async ({ req }) => ({ status: 200, body: { csrfToken: req.csrfToken() } }),
    health: async () => ({ status: 200, body: { status: 'ok' } }),
    signup: async ({ body, req }) => {
      const user = await signup(deps, body);
      if (!user) return { status: 200, body: null };
      await regenerateSession(req);
      req.session.userId = user.id;
      return { status: 200, body: presentMe(user, false) };
    },
    login: async ({ body, req }) => {
      const userId = await checkCredentials(deps, body);
      if (!userId) return { status: 200, body: false };
      await regenerateSession(req);
      req.session.userId = userId;
      return { status: 200, body: true };
    },
    logout: async ({ req }) => {
      await destroySession(req);
      return { status: 204, body: undefined };
    },
    me: async ({ req }) => {
      const user = await requireUser(req, db);
      return { status: 200, body: presentMe(user, req.session.adminId !== undefined) };
    },
    updateDisplayName: async ({ body, req }) => {
      const user = await requireUser(req, db);
      await db.user.update({ where: { id: user.id }, data: { displayName: body.displayName } });
      const updated = await currentUser(req, db);
      return { status: 200, body: presentMe(updated!, req.session.adminId !== undefined) };
    },
    sendVerificationEmail: notYet,
    verifyEmail: notYet,
    passwordResetInit: notYet,
    passwordResetSubmit: notYet,
    notificationTypes: notYet,
    updateNotifications: notYet,
  });
}
