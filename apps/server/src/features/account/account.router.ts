import { initServer } from '@ts-rest/express';
import { contract } from '@site/contract';
import { csrfToken } from '../../auth/csrf.ts';
import { isDisabled } from '../../auth/disabled-accounts.ts';
import { currentUser, inMaintenanceMode, presentMe, requireUser } from '../../auth/current-user.ts';
import { endPendingSignIn } from '../../auth/pending-sign-in.ts';
import { hasSecondFactor } from '../../auth/second-factors.ts';
import { endSession, startSession } from '../../auth/session.ts';
import { signInAfterFirstFactor } from '../../auth/sign-in.ts';
import { loadUser } from '../../auth/user-record.ts';
import type { AppDeps } from '../../deps.ts';
import { consumeLimit, limits } from '../../http/rate-limit.ts';
import { assertReady } from '../../http/readiness.ts';
import { notificationTypes } from '../../notifications/types.ts';
import { storageUse } from '../../storage/usage.ts';
import { clientAddress } from './client.ts';
import { checkCredentials } from './login.ts';
import { updateDisabledNotifications } from './notification-settings.ts';
import { completePasswordReset, startPasswordReset } from './password-reset.ts';
import { signup } from './signup.ts';
import { updateDisplayName } from './update-display-name.ts';
import { followSignInLink, requestSignInLink } from './sign-in-link.ts';
import { sendVerificationEmail, verifyEmail } from './verification.ts';

const s = initServer();

export function accountRouter(deps: AppDeps) {
  const { db } = deps;
  const me = (req: Parameters<typeof requireUser>[0]) => presentMe(requireUser(req), inMaintenanceMode(req));

  return s.router(contract.account, {
    csrf: async ({ req }) => ({ status: 200, body: { csrfToken: csrfToken(req) } }),
    health: async () => ({ status: 200, body: { status: 'ok' } }),
    ready: async () => {
      await assertReady(deps);
      return { status: 200, body: { status: 'ready' } };
    },
    signup: async ({ body, req }) => {
      await consumeLimit(db, limits.signupPerClient, clientAddress(req));
      const user = await signup(deps, body);
      if (!user) return { status: 200, body: null };
      await startSession(req, { userId: user.id });
      return { status: 200, body: presentMe(user, false) };
    },
    login: async ({ body, req, res }) => {
      const userId = await checkCredentials(deps, body, clientAddress(req));
      if (!userId) return { status: 200, body: false };
      return { status: 200, body: (await signInAfterFirstFactor(deps, req, res, { userId })) ?? true };
    },
    logout: async ({ req, res }) => {
      await endPendingSignIn(db, req, res);
      await endSession(req, res);
      return { status: 204, body: undefined };
    },
    me: async ({ req }) => ({ status: 200, body: me(req) }),
    storage: async ({ req }) => ({
      status: 200,
      body: await storageUse(db, requireUser(req).id, deps.config.quota),
    }),
    sendVerificationEmail: async ({ req }) => {
      await sendVerificationEmail(deps, requireUser(req), clientAddress(req));
      return { status: 204, body: undefined };
    },
    verifyEmail: async ({ body, req }) => {
      const { userId, signIn } = await verifyEmail(deps, body.token, currentUser(req)?.id ?? null);
      // A member with a second factor is only told the address is verified: the link is no second factor. Nor
      // does it sign in a disabled account.
      if (signIn && !(await hasSecondFactor(db, userId)) && !(await isDisabled(db, { id: userId }))) {
        await startSession(req, { userId }, { mailboxProven: true });
      }
      return { status: 204, body: undefined };
    },
    requestSignInLink: async ({ body, req }) => {
      await requestSignInLink(deps, body.emailAddress, clientAddress(req));
      return { status: 204, body: undefined };
    },
    followSignInLink: async ({ body, req, res }) => {
      const { userId, albumId } = await followSignInLink(deps, body.token);
      const next = await signInAfterFirstFactor(deps, req, res, { userId, mailboxProven: true, albumId });
      return { status: 200, body: { albumId, ...next } };
    },
    passwordResetInit: async ({ body, req }) => {
      await startPasswordReset(deps, body.emailAddress, clientAddress(req));
      return { status: 204, body: undefined };
    },
    passwordResetSubmit: async ({ body, req, res }) => {
      await completePasswordReset(deps, body);
      // Every session of the account has ended; the browser that reset the password drops its own cookie too.
      if (req.session.userId) await endSession(req, res);
      return { status: 204, body: undefined };
    },
    notificationTypes: async ({ req }) => {
      requireUser(req);
      return { status: 200, body: notificationTypes };
    },
    updateNotifications: async ({ body, req }) => {
      const user = requireUser(req);
      await updateDisabledNotifications(deps, user.id, body);
      const updated = await loadUser(db, user.id);
      return { status: 200, body: presentMe(updated!, inMaintenanceMode(req)) };
    },
    updateDisplayName: async ({ body, req }) => {
      const user = await updateDisplayName(deps, requireUser(req).id, body.displayName);
      return { status: 200, body: presentMe(user, inMaintenanceMode(req)) };
    },
  });
}
