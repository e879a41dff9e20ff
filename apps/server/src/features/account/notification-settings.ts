import { AppError } from '../../http/app-error.ts';
import { isNotificationType } from '../../notifications/types.ts';
import type { AppDeps } from '../../deps.ts';

/** Applies a map of type to disabled: true turns the type off, false turns it back on. */
export async function updateDisabledNotifications(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  changes: Record<string, boolean>,
) {
  const unknown = Object.keys(changes).filter((t) => !isNotificationType(t));
  if (unknown.length) {
    throw new AppError('bad_request', `Unknown notification type: ${unknown.join(', ')}`, {
      issues: unknown.map((t) => ({ path: ['body', t], message: 'Unknown notification type' })),
    });
  }
  const entries = Object.entries(changes);
  await db.$transaction([
    db.disabledNotification.createMany({
      data: entries.filter(([, off]) => off).map(([type]) => ({ userId, type })),
      skipDuplicates: true,
    }),
    db.disabledNotification.deleteMany({
      where: { userId, type: { in: entries.filter(([, off]) => !off).map(([type]) => type) } },
    }),
  ]);
}
