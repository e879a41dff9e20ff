import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { type Session, type SessionData, Store } from 'express-session';
import type { Db } from '../db/database.ts';
import type { Prepare } from '../db/prepared.ts';
import { markSeen } from './last-seen.ts';
import type { UserRecord } from './user-record.ts';

/**
 * The rolling expiry, with the last-seen time, is written at most this often per session: a busy page does not turn
 * every GET into a write, and "last seen" in the member's session list is exact to a few minutes.
 */
export const touchAfterMs = 5 * 60 * 1000;

/** What `get` read besides the session itself: never stored, so `set` has nothing to strip. */
interface Loaded {
  user: UserRecord;
  /** The expiry the row holds, against which `touch` decides whether a write is due. */
  expiresAt: Date;
}

/** Keyed by the data `get` hands over, then by the Session express-session builds from it (`createSession`). */
const loaded = new WeakMap<object, Loaded>();

/** The user loaded with the session by the store's one query; null for a session without one (a visitor's). */
export function loadedUser(session: Session & Partial<SessionData>): UserRecord | null {
  const found = loaded.get(session);
  return found && found.user.id === session.userId ? found.user : null;
}

/** Rows are keyed by a hash of the session id, so rows read from the database are not live cookies. */
export const rowId = (sid: string) => createHash('sha256').update(sid).digest('base64url');

/** A row of the session query. */
interface SessionRow extends Omit<UserRecord, 'permissions' | 'disabledNotifications'> {
  adminId: string | null;
  expiresAt: Date;
  permissions: string[];
  disabledNotifications: string[];
}

/**
 * One round trip: the live session with its user, the user's grants and disabled notifications; a disabled
 * user's session is no session, even one begun in the instant they were disabled. Timestamps
 * (stored as UTC without a zone) are answered with theirs, so each driver reads the right Date.
 */
const sessionQuery = `
  SELECT s."adminId", s."expiresAt" AT TIME ZONE 'UTC' AS "expiresAt",
    u.id, u.email, u."displayName",
    u."emailVerifiedAt" AT TIME ZONE 'UTC' AS "emailVerifiedAt", u."createdAt" AT TIME ZONE 'UTC' AS "createdAt",
    ARRAY(SELECT g.permission FROM "PermissionGrant" g WHERE g."userId" = u.id) AS permissions,
    ARRAY(SELECT d.type FROM "DisabledNotification" d WHERE d."userId" = u.id) AS "disabledNotifications"
  FROM "UserSession" s JOIN "User" u ON u.id = s."userId"
  WHERE s.id = $1 AND s."expiresAt" > ($2::timestamptz AT TIME ZONE 'UTC') AND u."disabledAt" IS NULL`;

/**
 * Reads live sessions: prepared on the driver (`Database.prepare`), since this runs on every logged-in request
 * and Prisma's client, and planning the query each time, cost more than running it.
 */
function sessionReader(prepare: Prepare) {
  const read = prepare<SessionRow>('session_read', sessionQuery);
  /** The live session of row `id`, or null when there is none (never was, ended, expired). */
  return async (id: string): Promise<(Loaded & { adminId: string | null }) | null> => {
    const [row] = await read([id, new Date().toISOString()]);
    if (!row) return null;
    const { adminId, expiresAt, permissions, disabledNotifications, ...user } = row;
    return {
      adminId,
      expiresAt,
      user: {
        ...user,
        permissions: permissions.map((permission) => ({ permission })),
        disabledNotifications: disabledNotifications.map((type) => ({ type })),
      },
    };
  };
}

/** Calls back once `work` settles: with its error, or with its value (a throw in `callback` never calls it twice). */
function settle<T>(work: PromiseLike<T>, callback: (err: unknown, value?: T) => void) {
  void work.then(
    (value) => callback(null, value),
    (err: unknown) => callback(err),
  );
}

/**
 * express-session's store over the `UserSession` table. Only logged-in sessions have rows: a session without a
 * `userId` is never written. Database failures reach express-session as errors (never as "no session"), which
 * passes them to the error handler: a 503 that leaves the browser's cookie as it was.
 */
export class UserSessionStore extends Store {
  /** The one query that reads a session with its user. */
  private readonly findSession: ReturnType<typeof sessionReader>;

  constructor(
    private readonly db: Db,
    /** Prepared statements on the driver under `db`, for the read every logged-in request makes. */
    prepare: Prepare,
    /** The cookie options, which rows do not hold (the expiry aside). */
    private readonly cookie: SessionData['cookie'],
  ) {
    super();
    this.findSession = sessionReader(prepare);
  }

  /** The session with its user, grants and disabled notifications, in one query. */
  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    const read = this.findSession(rowId(sid)).then((found) => {
      if (!found) return null;
      const data: SessionData = {
        cookie: { ...this.cookie, expires: found.expiresAt },
        userId: found.user.id,
        ...(found.adminId ? { adminId: found.adminId } : {}),
      };
      loaded.set(data, found);
      return data;
    });
    settle(read, callback);
  }

  override createSession(req: Request, data: SessionData): Session & SessionData {
    const found = loaded.get(data);
    const session = super.createSession(req, data);
    if (found) loaded.set(session, found);
    return session;
  }

  override set(sid: string, session: SessionData, callback?: (err?: unknown) => void): void {
    const { userId, adminId = null, userAgent = '', network = '', mailboxProven = false } = session;
    const expiresAt = session.cookie.expires ?? new Date(Date.now() + (session.cookie.originalMaxAge ?? 0));
    const id = rowId(sid);
    const write: PromiseLike<unknown> = userId
      ? Promise.all([
          this.db.userSession.upsert({
            where: { id },
            create: { id, userId, adminId, expiresAt, userAgent, network, mailboxProven },
            update: { userId, adminId, expiresAt, lastSeenAt: new Date() },
          }),
          this.seen(userId, adminId),
        ])
      : this.db.userSession.deleteMany({ where: { id } });
    settle(write, (err) => callback?.(err));
  }

  /**
   * The member's own stored last seen moves with their session's; while an admin acts as them it is the admin who
   * is seen, not the member.
   */
  private seen(userId: string, adminId: string | null): Promise<void> {
    return markSeen(this.db, adminId ?? userId);
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    settle(this.db.userSession.deleteMany({ where: { id: rowId(sid) } }), (err) => callback?.(err));
  }

  /**
   * Rolls the expiry forward, and the last-seen times (the session's and the member's) with it, writing only once
   * it has moved by `touchAfterMs`.
   */
  override touch(sid: string, session: SessionData, callback?: (err?: unknown) => void): void {
    const found = loaded.get(session);
    const expiresAt = session.cookie.expires;
    if (!expiresAt || (found && expiresAt.getTime() - found.expiresAt.getTime() <= touchAfterMs)) {
      callback?.();
      return;
    }
    const write = Promise.all([
      this.db.userSession.updateMany({
        where: { id: rowId(sid) },
        data: { expiresAt, lastSeenAt: new Date() },
      }),
      session.userId ? this.seen(session.userId, session.adminId ?? null) : null,
    ]);
    settle(
      write.then(() => {
        if (found) found.expiresAt = expiresAt;
      }),
      (err) => callback?.(err),
    );
  }
}
