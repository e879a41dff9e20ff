import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockFileOf, lockPgliteDir, siteHolder } from './pglite-lock.ts';
import { currentProcess } from './process-identity.ts';

let work: string;
let dir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'pglite-lock-'));
  dir = path.join(work, 'db');
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(work, { recursive: true, force: true });
});

/**
 * Another process that takes the lock of `dir` as `holder` and prints `locked` (or the refusal) and keeps it
 * until killed.
 */
function lockInChild(holder: string) {
  const script = `
    import { lockPgliteDir } from ${JSON.stringify(path.resolve(import.meta.dirname, 'pglite-lock.ts'))};
    try { await lockPgliteDir(${JSON.stringify(dir)}, ${JSON.stringify(holder)}); console.log('locked'); }
    catch (error) { console.log('refused: ' + error.message); process.exit(1); }
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const said = new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()));
    child.once('exit', (code) => reject(new Error(`exited with ${code} before saying anything`)));
  });
  return { child, said };
}

async function kill(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const record = async () => JSON.parse(await readFile(lockFileOf(dir), 'utf8')) as Record<string, unknown>;

/** A lock file as `identity` would have left it. */
async function leaveLock(identity: Record<string, unknown>) {
  await writeFile(lockFileOf(dir), JSON.stringify({ holder: siteHolder, token: 'left', ...identity }));
}

describe('the PGlite folder lock', { timeout: 60_000 }, () => {
  it('should write its holder beside the folder and remove it on release', async () => {
    const lock = await lockPgliteDir(dir, 'pnpm admin show');
    expect(await record()).toMatchObject({ pid: process.pid, holder: 'pnpm admin show' });
    lock.release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });

  it('should refuse a second opener in the same process while the first holds it', async () => {
    const lock = await lockPgliteDir(dir, siteHolder);
    try {
      await expect(lockPgliteDir(dir, 'pnpm admin grant')).rejects.toThrow(
        `The site is running (pid ${process.pid}); stop it first`,
      );
    } finally {
      lock.release();
    }
  });

  it("should refuse while another process holds it, naming that process's command", async () => {
    const holder = lockInChild('pnpm admin backup');
    expect(await holder.said).toBe('locked');
    const refusal = lockPgliteDir(dir, siteHolder);
    await expect(refusal).rejects.toBeInstanceOf(DatabaseInUseError);
    await expect(refusal).rejects.toThrow(
      `pnpm admin backup is using ${dir} (pid ${holder.child.pid}); try again once it has finished`,
    );
  });

  it('should take over the lock of a process that was killed', async () => {
    const holder = lockInChild(siteHolder);
    expect(await holder.said).toBe('locked');
    await kill(holder.child);
    expect(await record()).toMatchObject({ pid: holder.child.pid });
    const lock = await lockPgliteDir(dir, siteHolder);
    expect(await record()).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('should take over a lock whose pid now belongs to a process that started later', async () => {
    await leaveLock({ ...currentProcess(), startTime: '1' });
    const lock = await lockPgliteDir(dir, siteHolder);
    expect(await record()).not.toMatchObject({ token: 'left' });
    lock.release();
  });

  it('should take over a lock left before the machine rebooted', async () => {
    await leaveLock({ ...currentProcess(), bootId: 'an-earlier-boot' });
    (await lockPgliteDir(dir, siteHolder)).release();
  });

  it('should refuse a lock held in another container until it goes a minute untouched', async () => {
    await leaveLock({ ...currentProcess(), pid: 1, pidNamespace: 'pid:[1]' });
    await expect(lockPgliteDir(dir, siteHolder)).rejects.toThrow(
      'The site is running (pid 1 in another container); stop it first',
    );
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await utimes(lockFileOf(dir), twoMinutesAgo, twoMinutesAgo);
    (await lockPgliteDir(dir, siteHolder)).release();
  });

  it('should not remove a lock that another opener has taken since', async () => {
    const lock = await lockPgliteDir(dir, siteHolder);
    await leaveLock({ ...currentProcess(), pid: 1 });
    lock.release();
    expect(await record()).toMatchObject({ token: 'left' });
  });

  it('should let exactly one of several processes take over a stale lock together', async () => {
    const gone = lockInChild(siteHolder);
    expect(await gone.said).toBe('locked');
    await kill(gone.child);
    const contenders = Array.from({ length: 4 }, () => lockInChild(siteHolder));
    const answers = await Promise.all(contenders.map((c) => c.said.catch((e: Error) => e.message)));
    expect(answers.filter((a) => a === 'locked')).toHaveLength(1);
    expect(answers.filter((a) => a.startsWith('refused: The site is running (pid '))).toHaveLength(3);
  });
});
