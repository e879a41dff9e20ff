import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { PasskeyInfo, RegistrationResponse } from '@site/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { challengeBytes, challengeMs, issueChallenge, useChallenge } from './challenges.ts';
import { presentPasskey } from './passkeys.ts';
import { relyingParty } from './relying-party.ts';

/**
 * Options for the browser to make a passkey for `userId` (the caller has given proof): discoverable, so it signs
 * in without an address; the member's existing passkeys are excluded, so one authenticator is not added twice.
 */
export async function passkeyOptions({ db, config }: Pick<AppDeps, 'db' | 'config'>, userId: string) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      email: true,
      displayName: true,
      passkeys: { select: { credentialId: true, transports: true } },
    },
  });
  const { rpID, rpName } = relyingParty(config);
  return generateRegistrationOptions({
    rpID,
    rpName,
    userName: user.email,
    userDisplayName: user.displayName || user.email,
    userID: new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex')),
    challenge: challengeBytes(await issueChallenge(db, 'REGISTER', userId)),
    timeout: challengeMs,
    attestationType: 'none',
    excludeCredentials: user.passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/** Checks what the browser made from `passkeyOptions` and keeps it as `name`; 400 when it does not check out. */
export async function addPasskey(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  input: { name: string; response: z.infer<typeof RegistrationResponse> },
): Promise<PasskeyInfo> {
  const challenge = await useChallenge(db, input.response.response.clientDataJSON, 'REGISTER', userId);
  const { rpID, origin } = relyingParty(config);
  const result = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch((cause: unknown) => {
    throw new AppError('bad_request', 'This passkey could not be checked; please try again', { cause });
  });
  if (!result.verified)
    throw new AppError('bad_request', 'This passkey could not be checked; please try again');
  const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
  const taken = await db.passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } });
  if (taken) throw new AppError('conflict', 'This passkey is added already');
  const passkey = await db.passkey.create({
    data: {
      userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      backupEligible: credentialDeviceType === 'multiDevice',
      backedUp: credentialBackedUp,
      name: input.name,
    },
  });
  return presentPasskey(passkey);
}
