import { startAuthentication } from '@simplewebauthn/browser';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';

/**
 * One of the member's passkeys confirming it is them, for a change that asks for proof: the server hands this
 * session a challenge, the browser (or phone) signs it. Rejects with the browser's DOMException when cancelled.
 */
export async function confirmWithPasskey() {
  const optionsJSON = await okBody(api.secondFactor.passkeyProofOptions({}));
  return startAuthentication({ optionsJSON });
}
