/**
 * One opener at a time per PGlite folder. PGlite itself does not enforce it: every instance writes pid -42 into
 * the folder's postmaster.pid, so a second one takes the first's file for its own leftover, opens the folder
 * beside it (each then sees only its own writes, and one side's are lost) and deletes the file when it closes.
 * So every opener (the server, each `pnpm admin` command, src/db/pglite-setup.ts) holds `<folder>.lock` while it
 * has the folder open, and gives it up only after PGlite has closed.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { currentProcess, livenessOf, type ProcessIdentity } from './process-identity.ts';

/** The holder name of the server; other openers name themselves, e.g. `pnpm admin grant`. */
export const siteHolder = 'the site';

/**
 * A holder in another pid namespace (another container) cannot be asked whether it runs: it touches its lock
 * this often, and counts as gone once its lock has gone untouched for `unrefreshedAfterMs`.
 */
const refreshMs = 10_000;
const unrefreshedAfterMs = 60_000;
/** A lock file still empty this long after it was created belongs to a process that died creating it. */
const unwrittenAfterMs = 5_000;

/** What a lock file holds. */
interface LockRecord extends ProcessIdentity {
  holder: string;
  /** Tells this lock from an earlier one of the same process. */
  token: string;
}

/** The folder is open in another process: the message says which, and what to do. */
export class DatabaseInUseError extends Error {}

/** A held lock. */
export interface PgliteLock {
  /** Gives the lock up: only once the folder's PGlite has closed. */
  release: () => void;
}

/** Where the lock of PGlite folder `dir` lives: beside it, so it is neither in PGlite's dumps nor in its way. */
export const lockFileOf = (dir: string) => `${dir}.lock`;

/**
 * Takes the lock of PGlite folder `dir` (whose parent folder must exist) for `holder`, taking over one whose
 * process has ended; refuses at once with DatabaseInUseError while another process holds it. Held until
 * `release`, or until this process exits.
 */
export async function lockPgliteDir(dir: string, holder: string): Promise<PgliteLock> {
  const file = lockFileOf(dir);
  const text = `${JSON.stringify({ ...currentProcess(), holder, token: randomUUID() } satisfies LockRecord)}\n`;
  // Only a contest with other openers over a stale lock loops, and only briefly.
  for (let attempt = 0; !create(file, text); attempt++) {
    const seen = read(file);
    if (!seen) continue;
    const refusal = heldBy(seen, dir);
    if (refusal) throw new DatabaseInUseError(refusal);
    if (!(await removeStale(file, seen.text)) && attempt > 100)
      throw new DatabaseInUseError(`Could not take over the stale lock ${file}; remove it if nothing runs`);
  }
  const refresh = setInterval(() => touch(file), refreshMs).unref();
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    clearInterval(refresh);
    process.off('exit', release);
    if (read(file)?.text === text) unlink(file);
  };
  // An exit with the folder still open (a second SIGTERM, a fatal start-up error) runs no more PGlite code.
  process.on('exit', release);
  return { release };
}

/** Creates `file` holding `text` unless it exists; answers whether it did. */
function create(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** A lock file's text, its record when it parses, and its age; null when there is none. */
function read(file: string): { text: string; record: LockRecord | null; ageMs: number } | null {
  try {
    const ageMs = Date.now() - statSync(file).mtimeMs;
    const text = readFileSync(file, 'utf8');
    return { text, record: parse(text), ageMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parse(text: string): LockRecord | null {
  try {
    const record = JSON.parse(text) as Partial<LockRecord>;
    return typeof record.pid === 'number' && typeof record.holder === 'string'
      ? (record as LockRecord)
      : null;
  } catch {
    return null;
  }
}

/** Why the lock `seen` still holds (the refusal to print), or null when its holder has gone. */
function heldBy(seen: NonNullable<ReturnType<typeof read>>, dir: string): string | null {
  const { record, ageMs } = seen;
  if (!record) return ageMs < unwrittenAfterMs ? `Another process is opening ${dir}; try again` : null;
  const liveness = livenessOf(record);
  if (liveness === 'gone' || (liveness === 'unknown' && ageMs > unrefreshedAfterMs)) return null;
  const where = liveness === 'unknown' ? ' in another container' : '';
  const who = `(pid ${record.pid}${where})`;
  const message =
    record.holder === siteHolder
      ? `The site is running ${who}; stop it first`
      : `${record.holder} is using ${dir} ${who}; try again once it has finished`;
  return liveness === 'runs'
    ? message
    : `${message}. Its lock ${lockFileOf(dir)} is taken over once untouched for ${unrefreshedAfterMs / 1000} s`;
}

/**
 * Removes the lock file if it still holds `staleText`. One remover at a time (a marker file made with `wx`), so
 * no one removes a lock that another opener has just taken in place of the stale one. Answers whether it got
 * to look.
 */
async function removeStale(file: string, staleText: string): Promise<boolean> {
  const marker = `${file}.takeover`;
  if (!create(marker, `${process.pid}\n`)) {
    // Taking a stale lock over takes a millisecond: an old marker's maker died.
    if ((read(marker)?.ageMs ?? 0) > unwrittenAfterMs) unlink(marker);
    await sleep(20);
    return false;
  }
  try {
    if (read(file)?.text === staleText) unlink(file);
  } finally {
    unlink(marker);
  }
  return true;
}

function unlink(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function touch(file: string) {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Gone (taken over after a long stall): nothing to refresh.
  }
}
