import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponse } from '@site/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { challengeBytes, challengeMs, issueChallenge, useChallenge } from './challenges.ts';
import { relyingParty } from './relying-party.ts';

const refused = (cause?: unknown) =>
  new AppError('bad_request', 'This passkey could not sign you in', { cause });

/** Options for a sign in with any passkey of this site: the browser offers the ones it holds (no address asked). */
export async function passkeySignInOptions({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    challenge: challengeBytes(await issueChallenge(db, 'SIGN_IN')),
    timeout: challengeMs,
    userVerification: 'preferred',
  });
}

/**
 * The account a passkey's answer opens: the challenge must be one of ours, unused and unexpired; the signature
 * must check against the stored key; and the signature counter must move forward, or the key was cloned (a
 * synced passkey keeps 0, which is allowed). The counter moves in a conditional update, so two answers racing
 * with one counter value cannot both pass. 400 otherwise.
 */
export async function verifyPasskeySignIn(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  response: z.infer<typeof AuthenticationResponse>,
): Promise<string> {
  const challenge = await useChallenge(db, response.response.clientDataJSON, 'SIGN_IN');
  const passkey = await db.passkey.findUnique({ where: { credentialId: response.id } });
  if (!passkey) throw refused();
  const { rpID, origin } = relyingParty(config);
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
  }).catch((cause: unknown) => {
    throw refused(cause);
  });
  if (!result.verified) throw refused();
  const { newCounter, credentialBackedUp } = result.authenticationInfo;
  const { count } = await db.passkey.updateMany({
    where: { id: passkey.id, counter: newCounter > 0 ? { lt: newCounter } : 0 },
    data: { counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: new Date() },
  });
  if (count === 0) throw refused();
  return passkey.userId;
}
