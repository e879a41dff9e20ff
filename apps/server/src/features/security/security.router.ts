import { initServer } from '@ts-rest/express';
import { contract } from '@site/contract';
import type { Request } from 'express';
import { inMaintenanceMode, requireUser } from '../../auth/current-user.ts';
import { rowId } from '../../auth/session-store.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { clientAddress } from '../account/client.ts';
import { requestEmailChange } from './change-email.ts';
import { changePassword } from './change-password.ts';
import { confirmEmailChange } from './confirm-email.ts';
import { endOtherSessions } from './end-sessions.ts';
import { mailboxProofUntil, type Caller } from './proof.ts';
import { endSession, listSessions } from './sessions.ts';

const s = initServer();

/** The logged-in caller's session; 401 when logged out. */
function callerOf(req: Request): Caller {
  return { userId: requireUser(req).id, sessionRowId: rowId(req.sessionID), client: clientAddress(req) };
}

/** The caller, for a change to their credentials or sessions: never made by an administrator acting as them. */
function ownerOf(req: Request): Caller {
  const caller = callerOf(req);
  if (inMaintenanceMode(req)) {
    throw new AppError(
      'forbidden',
      "An administrator acting as a member cannot change the member's security",
    );
  }
  return caller;
}

export function securityRouter(deps: AppDeps) {
  const { db } = deps;
  return s.router(contract.security, {
    state: async ({ req }) => {
      const caller = callerOf(req);
      const [user, proofUntil] = await Promise.all([
        db.user.findUniqueOrThrow({ where: { id: caller.userId }, select: { passwordHash: true } }),
        mailboxProofUntil(db, caller.sessionRowId),
      ]);
      return {
        status: 200,
        body: {
          hasPassword: user.passwordHash !== null,
          mailboxProofUntil: proofUntil?.toISOString() ?? null,
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
