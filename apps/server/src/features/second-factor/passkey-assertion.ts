import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponse } from '@site/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { Passkey } from '../../db/generated/client.ts';
import { relyingParty } from './relying-party.ts';

/**
 * Whether `response` is `passkey`'s signature over `challenge` (already used up by the caller) from this site's
 * origin, with a signature counter that moved forward, or the key was cloned (a synced passkey keeps 0, which is
 * allowed). The counter moves in a conditional update, so two answers racing with one counter value cannot both
 * pass.
 */
export async function checkAssertion(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  response: z.infer<typeof AuthenticationResponse>,
  challenge: string,
  passkey: Passkey,
): Promise<boolean> {
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
  }).catch(() => null);
  if (!result?.verified) return false;
  const { newCounter, credentialBackedUp } = result.authenticationInfo;
  const { count } = await db.passkey.updateMany({
    where: { id: passkey.id, counter: newCounter > 0 ? { lt: newCounter } : 0 },
    data: { counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: new Date() },
  });
  return count > 0;
}
