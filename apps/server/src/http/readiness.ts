import type { AppDeps } from '../deps.ts';
import { unappliedMigrations } from '../db/migrate.ts';
import { AppError } from './app-error.ts';

/** A part that takes longer than this to answer counts as down: a probe must not hang with it. */
const partTimeoutMs = 3000;

/** How long a load balancer should wait before asking again. */
const retryAfterSeconds = 5;

function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${partTimeoutMs} ms`)),
      partTimeoutMs,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A part that is not usable, and why (the why goes to the log, never to the caller). */
interface Failure {
  part: 'database' | 'migrations' | 'blob store' | 'disk';
  cause: string;
}

async function databaseAndMigrations({ db }: Pick<AppDeps, 'db'>): Promise<Failure[]> {
  try {
    await within(db.$queryRawUnsafe('SELECT 1'), 'the database');
  } catch (error) {
    return [{ part: 'database', cause: (error as Error).message }];
  }
  const query = <T>(sql: string, params: unknown[] = []) => db.$queryRawUnsafe<T[]>(sql, ...params);
  try {
    const pending = await within(unappliedMigrations({ query }), 'the migrations table');
    return pending.length > 0 ? [{ part: 'migrations', cause: `not applied: ${pending.join(', ')}` }] : [];
  } catch (error) {
    return [{ part: 'migrations', cause: (error as Error).message }];
  }
}

async function blobStore({ blobs }: Pick<AppDeps, 'blobs'>): Promise<Failure[]> {
  try {
    await within(blobs.check(), 'the blob store');
    return [];
  } catch (error) {
    return [{ part: 'blob store', cause: (error as Error).message }];
  }
}

/** The blob store's disk under its reserve: uploads are refused, and the database on it may be next. */
async function disk({ blobs }: Pick<AppDeps, 'blobs'>): Promise<Failure[]> {
  try {
    const spare = await within(blobs.spareBytes(), "the blob store's disk");
    return spare !== null && spare < 0 ? [{ part: 'disk', cause: `${-spare} bytes under its reserve` }] : [];
  } catch (error) {
    return [{ part: 'disk', cause: (error as Error).message }];
  }
}

/**
 * Whether this server should get traffic: not shutting down, a database round trip, a usable blob store with
 * room on its disk, and every migration applied. Throws 503 `unavailable` naming each failing part; the causes
 * go to the log only (as the error's cause).
 */
export async function assertReady(deps: Pick<AppDeps, 'db' | 'blobs' | 'draining'>): Promise<void> {
  if (deps.draining?.()) throw new AppError('unavailable', 'Not ready: shutting down', { retryAfterSeconds });
  const failures = (await Promise.all([databaseAndMigrations(deps), blobStore(deps), disk(deps)])).flat();
  if (failures.length === 0) return;
  throw new AppError('unavailable', `Not ready: ${failures.map((f) => f.part).join(', ')}`, {
    retryAfterSeconds,
    cause: { failures },
  });
}
