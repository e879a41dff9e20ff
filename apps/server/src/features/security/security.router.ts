import { initServer } from '@ts-rest/express';
import { contract } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import { isLastAdmin } from '../admin/enabled-admins.ts';
import { requestEmailChange } from './change-email.ts';
import { changePassword } from './change-password.ts';
import { confirmEmailChange } from './confirm-email.ts';
import { endOtherSessions } from './end-sessions.ts';
import { callerOf, ownerOf } from './owner.ts';
import { mailboxProofUntil } from './proof.ts';
import { endSession, listSessions } from './sessions.ts';

const s = initServer();

export function securityRouter(deps: AppDeps) {
  const { db } = deps;
  return s.router(contract.security, {
    state: async ({ req }) => {
      const caller = callerOf(req);
      const [user, proofUntil, totp, recoveryCodesLeft, onlyAdmin] = await Promise.all([
        db.user.findUniqueOrThrow({ where: { id: caller.userId }, select: { passwordHash: true } }),
        mailboxProofUntil(db, caller.sessionRowId),
        db.totpFactor.count({ where: { userId: caller.userId, confirmedAt: { not: null } } }),
        db.recoveryCode.count({ where: { userId: caller.userId, usedAt: null } }),
        isLastAdmin(db, caller.userId),
      ]);
      return {
        status: 200,
        body: {
          hasPassword: user.passwordHash !== null,
          mailboxProofUntil: proofUntil?.toISOString() ?? null,
          totp: totp > 0,
          recoveryCodesLeft,
          onlyAdmin,
        },
      };
    },
    changePassword: async ({ body, req }) => {
      await changePassword(deps, ownerOf(req), body);
      return { status: 204, body: undefined };
    },
    changeEmail: async ({ body, req }) => {
      await requestEmailChange(deps, ownerOf(req), body);
      return { status: 204, body: undefined };
    },
    confirmEmail: async ({ body }) => {
      await confirmEmailChange(deps, body.token);
      return { status: 204, body: undefined };
    },
    sessions: async ({ req }) => ({ status: 200, body: await listSessions(deps, callerOf(req)) }),
    endSession: async ({ params, req }) => {
      await endSession(deps, ownerOf(req), params.sessionId);
      return { status: 204, body: undefined };
    },
    endOtherSessions: async ({ req }) => {
      const caller = ownerOf(req);
      return { status: 200, body: { ended: await endOtherSessions(db, caller.userId, caller.sessionRowId) } };
    },
  });
}
