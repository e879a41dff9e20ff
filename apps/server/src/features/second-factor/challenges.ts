import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { ChallengePurpose } from '../../db/generated/client.ts';
import { AppError } from '../../http/app-error.ts';

/** How long a browser has to answer a WebAuthn challenge. */
export const challengeMs = 5 * 60 * 1000;

/**
 * A new random challenge (base64url, 256 bits) for `purpose`, kept until used or expired; bound to the member
 * (`userId`) and, for a proof, to the session (`sessionId`) it was handed to.
 */
export async function issueChallenge(
  db: Db,
  purpose: ChallengePurpose,
  userId: string | null = null,
  sessionId: string | null = null,
): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await db.webAuthnChallenge.create({
    data: { challenge, purpose, userId, sessionId, expiresAt: new Date(Date.now() + challengeMs) },
  });
  if (Math.random() < 0.05)
    await db.webAuthnChallenge.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return challenge;
}

/** A challenge as the options take it: bytes, which they write as the base64url the browser signs back. */
export const challengeBytes = (challenge: string) => new Uint8Array(Buffer.from(challenge, 'base64url'));

/** The challenge the browser signed, read from its client data; the library checks the rest of that data. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses up the challenge a response answers: it must have been issued for `purpose` (and `userId`, `sessionId`),
 * be unexpired and unused. Deleted before the response is verified, so a response replayed, even at once, finds nothing.
 * 400 otherwise.
 */
export async function useChallenge(
  db: Db,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  userId: string | null = null,
  sessionId: string | null = null,
): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  const { count } = challenge
    ? await db.webAuthnChallenge.deleteMany({
        where: { challenge, purpose, userId, sessionId, expiresAt: { gt: new Date() } },
      })
    : { count: 0 };
  if (!challenge || count === 0) {
    throw new AppError(
      'bad_request',
      'This passkey request has expired or was used already; please try again',
    );
  }
  return challenge;
}
