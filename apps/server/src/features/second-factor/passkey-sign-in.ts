import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { AuthenticationResponse } from '@site/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { challengeBytes, challengeMs, issueChallenge, useChallenge } from './challenges.ts';
import { checkAssertion } from './passkey-assertion.ts';
import { relyingParty } from './relying-party.ts';

const refused = () => new AppError('bad_request', 'This passkey could not sign you in');

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
 * The account a passkey's answer opens: the challenge must be one of ours, unused and unexpired, and the answer
 * must check (`checkAssertion`). 400 otherwise.
 */
export async function verifyPasskeySignIn(
  deps: Pick<AppDeps, 'db' | 'config'>,
  response: z.infer<typeof AuthenticationResponse>,
): Promise<string> {
  const challenge = await useChallenge(deps.db, response.response.clientDataJSON, 'SIGN_IN');
  const passkey = await deps.db.passkey.findUnique({ where: { credentialId: response.id } });
  if (!passkey || !(await checkAssertion(deps, response, challenge, passkey))) throw refused();
  return passkey.userId;
}
