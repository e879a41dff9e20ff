import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/database.ts';
import type { Prisma } from '../../db/generated/client.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import { relyingParty } from './relying-party.ts';
import { replaceRecoveryCodes } from './recovery-codes.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secret.ts';
import type { AppDeps } from '../../deps.ts';

type Tx = Prisma.TransactionClient;

/** How long a secret shown to the member waits for its first code before setup must start again. */
export const setupMs = 10 * 60 * 1000;

/** A code from the step before or after the current one is taken too: phones' clocks drift. */
const toleranceSeconds = 30;

/** The time step a code opens when it is `secret`'s and newer than `lastStep`; null otherwise. */
async function stepOf(secret: string, code: string, lastStep: bigint | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epochTolerance: toleranceSeconds,
    ...(lastStep !== null && { afterTimeStep: Number(lastStep) }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Starts setup: a new secret for the member (the caller has given proof), and the URI their app scans. */
export async function startTotpSetup({ db, config }: Pick<AppDeps, 'db' | 'config'>, userId: string) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, totp: { select: { confirmedAt: true } } },
  });
  if (user.totp?.confirmedAt)
    throw new AppError('conflict', 'Codes from an authenticator app are on already');
  const secret = generateSecret();
  const sealed = sealTotpSecret(config.encryptionKey, userId, secret);
  await db.totpFactor.upsert({
    where: { userId },
    create: { userId, secret: sealed },
    update: { secret: sealed, lastStep: null, createdAt: new Date() },
  });
  const uri = generateURI({ issuer: relyingParty(config).rpName, label: user.email, secret });
  return { secret, uri };
}

/**
 * Turns TOTP on once the member typed a right code for the secret from `startTotpSetup`; answers their new
 * recovery codes. 400 for a wrong code, 409 when no setup is waiting.
 */
export async function enableTotp(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  code: string,
): Promise<string[]> {
  const pending = await db.totpFactor.findUnique({ where: { userId } });
  if (!pending || pending.confirmedAt || pending.createdAt.getTime() < Date.now() - setupMs) {
    throw new AppError('conflict', 'Start again: scan a new code with your authenticator app');
  }
  const step = await stepOf(openTotpSecret(config.encryptionKey, userId, pending.secret), code, null);
  if (step === null) {
    throw new AppError('bad_request', 'That code is not right; check the app and try again', {
      issues: [{ path: ['body', 'code'], message: 'That code is not right' }],
    });
  }
  return db.$transaction(async (tx) => {
    const { count } = await tx.totpFactor.updateMany({
      where: { userId, secret: pending.secret, confirmedAt: null },
      data: { confirmedAt: new Date(), lastStep: step },
    });
    if (count === 0)
      throw new AppError('conflict', 'Start again: scan a new code with your authenticator app');
    const { email } = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    await enqueue(tx, 'account-notice', {
      to: email,
      subject: 'Two-step sign in was turned on',
      lines: ['From now on, signing in to your account asks for a code from your authenticator app.'],
    });
    return replaceRecoveryCodes(tx, userId);
  });
}

/** Turns TOTP off (the caller has given proof) and drops its recovery codes; the address is told. */
export async function disableTotp(db: Db, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.totpFactor.deleteMany({ where: { userId } });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    if (count === 0) return;
    const { email } = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    await enqueue(tx, 'account-notice', {
      to: email,
      subject: 'Two-step sign in was turned off',
      lines: ['Signing in to your account no longer asks for a code from an authenticator app.'],
    });
  });
}

/**
 * Takes a code from the member's app, once: it must be right and from a later time step than the last one
 * taken, which moves forward in a conditional update (two requests racing with one code cannot both pass).
 */
export async function useTotpCode(
  tx: Tx,
  encryptionKey: string,
  userId: string,
  code: string,
): Promise<boolean> {
  const factor = await tx.totpFactor.findUnique({ where: { userId } });
  if (!factor?.confirmedAt) return false;
  const secret = openTotpSecret(encryptionKey, userId, factor.secret);
  const step = await stepOf(secret, code, factor.lastStep);
  if (step === null) return false;
  const { count } = await tx.totpFactor.updateMany({
    where: { userId, OR: [{ lastStep: null }, { lastStep: { lt: step } }] },
    data: { lastStep: step },
  });
  return count === 1;
}
