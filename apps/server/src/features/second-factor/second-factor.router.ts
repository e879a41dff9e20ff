import { initServer } from '@ts-rest/express';
import { contract } from '@site/contract';
import type { Request, Response } from 'express';
import { requireUser } from '../../auth/current-user.ts';
import { refuseDisabled } from '../../auth/disabled-accounts.ts';
import { endPendingSignIn, pendingSignIn } from '../../auth/pending-sign-in.ts';
import { startSession } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeLimit, limits } from '../../http/rate-limit.ts';
import { clientAddress } from '../account/client.ts';
import { proveOwner } from '../security/proof.ts';
import { ownerOf } from '../security/owner.ts';
import { addPasskey, passkeyOptions } from './add-passkey.ts';
import { passkeyProofOptions } from './passkey-proof.ts';
import { passkeySignInOptions, verifyPasskeySignIn } from './passkey-sign-in.ts';
import { listPasskeys, removePasskey, renamePasskey } from './passkeys.ts';
import { checkSecondFactorCode } from './second-step.ts';
import { disableTotp, enableTotp, startTotpSetup } from './totp.ts';

const s = initServer();

export function secondFactorRouter(deps: AppDeps) {
  const { db } = deps;

  /**
   * Turns the browser's pending log in (if it is `userId`'s) into a session; answers the album its link opens.
   * A passkey of another account signs that account in, and the pending log in ends either way.
   */
  async function finishSignIn(req: Request, res: Response, userId: string) {
    const pending = await pendingSignIn(db, req);
    const ended = await endPendingSignIn(db, req, res);
    const carried = pending?.userId === userId && ended ? pending : null;
    await refuseDisabled(db, { id: userId });
    await startSession(req, { userId }, { mailboxProven: carried?.mailboxProven ?? false });
    return { albumId: carried?.albumId ?? null };
  }

  return s.router(contract.secondFactor, {
    passkeys: async ({ req }) => ({ status: 200, body: await listPasskeys(db, requireUser(req).id) }),
    passkeyOptions: async ({ body, req }) => {
      const caller = ownerOf(req);
      await proveOwner(deps, caller, body);
      return { status: 200, body: await passkeyOptions(deps, caller.userId) };
    },
    addPasskey: async ({ body, req }) => ({
      status: 201,
      body: await addPasskey(deps, ownerOf(req).userId, body),
    }),
    renamePasskey: async ({ params, body, req }) => ({
      status: 200,
      body: await renamePasskey(db, ownerOf(req).userId, params.passkeyId, body.name),
    }),
    removePasskey: async ({ params, body, req }) => {
      const caller = ownerOf(req);
      await proveOwner(deps, caller, body);
      await removePasskey(db, caller.userId, params.passkeyId);
      return { status: 204, body: undefined };
    },
    totpSetup: async ({ body, req }) => {
      const caller = ownerOf(req);
      await proveOwner(deps, caller, body);
      return { status: 200, body: await startTotpSetup(deps, caller.userId) };
    },
    enableTotp: async ({ body, req }) => ({
      status: 200,
      body: { recoveryCodes: await enableTotp(deps, ownerOf(req).userId, body.code) },
    }),
    disableTotp: async ({ body, req }) => {
      const caller = ownerOf(req);
      await proveOwner(deps, caller, body);
      await disableTotp(db, caller.userId);
      return { status: 204, body: undefined };
    },
    passkeyProofOptions: async ({ req }) => ({
      status: 200,
      body: await passkeyProofOptions(deps, ownerOf(req)),
    }),
    passkeySignInOptions: async ({ req }) => {
      await consumeLimit(db, limits.passkeySignInOptionsPerClient, clientAddress(req));
      return { status: 200, body: await passkeySignInOptions(deps) };
    },
    passkeySignIn: async ({ body, req, res }) => {
      const userId = await verifyPasskeySignIn(deps, body.response);
      return { status: 200, body: await finishSignIn(req, res, userId) };
    },
    secondFactor: async ({ body, req, res }) => {
      const pending = await pendingSignIn(db, req);
      if (!pending) throw new AppError('unauthenticated', 'Your log in has expired; please log in again');
      await checkSecondFactorCode(deps, { userId: pending.userId, client: clientAddress(req) }, body.code);
      return { status: 200, body: await finishSignIn(req, res, pending.userId) };
    },
  });
}
