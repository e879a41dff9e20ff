import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { AuthenticationResponse } from '@site/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { challengeBytes, challengeMs, issueChallenge, useChallenge } from './challenges.ts';
import { checkAssertion } from './passkey-assertion.ts';
import { relyingParty } from './relying-party.ts';

/** The member and the session (UserSession.id) a proof is for. */
interface ProofSession {
  userId: string;
  sessionRowId: string;
}

/**
 * Options for the member to prove presence with one of their own passkeys: the challenge is bound to their
 * account and to this session, so it proves nothing anywhere else. 409 when they have no passkey.
 */
export async function passkeyProofOptions(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  caller: ProofSession,
) {
  const passkeys = await db.passkey.findMany({
    where: { userId: caller.userId },
    select: { credentialId: true, transports: true },
  });
  if (passkeys.length === 0) throw new AppError('conflict', 'You have no passkey to confirm with');
  return generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    challenge: challengeBytes(await issueChallenge(db, 'PROOF', caller.userId, caller.sessionRowId)),
    timeout: challengeMs,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
  });
}

/**
 * Checks a passkey's answer to `passkeyProofOptions` given in this session: the challenge is used up first (so a
 * replay finds nothing), then the passkey must be the caller's own and its signature must check. 403 otherwise.
 */
export async function verifyPasskeyProof(
  deps: Pick<AppDeps, 'db' | 'config'>,
  caller: ProofSession,
  response: z.infer<typeof AuthenticationResponse>,
): Promise<void> {
  const challenge = await useChallenge(
    deps.db,
    response.response.clientDataJSON,
    'PROOF',
    caller.userId,
    caller.sessionRowId,
  ).catch(() => {
    throw new AppError(
      'forbidden',
      'This passkey confirmation has expired or was used already; please try again',
    );
  });
  const passkey = await deps.db.passkey.findFirst({
    where: { credentialId: response.id, userId: caller.userId },
  });
  if (!passkey || !(await checkAssertion(deps, response, challenge, passkey))) {
    throw new AppError('forbidden', 'This passkey could not confirm it is you');
  }
}
