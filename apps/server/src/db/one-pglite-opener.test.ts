/**
 * A real server (a child process) on an embedded database, and a second server and the admin CLI started on the
 * same DATA_DIR: they must refuse, not open the folder beside it (each would see only its own writes, and one
 * side's would be lost). After the server is killed, the next opener takes its lock over. PGlite only: a
 * PostgreSQL database is shared by design.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPgliteDir } from '../../test/pglite-dir.ts';
import { freePort, signUpMember, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { lockFileOf } from './pglite-lock.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(serverDir, 'node_modules/.bin/tsx');
const cli = path.join(serverDir, 'src/cli/admin.ts');
/** The embedded defaults, whatever the test run's environment says. */
const embedded = { DATABASE_URL: '', S3_BUCKET: '', NODE_ENV: 'test' };
const email = 'rb@example.com';

let dataDir: string;
let dbDir: string;
let server: ServerProcess | undefined;

async function admin(...args: string[]) {
  return adminIn(dataDir, ...args);
}

async function adminIn(dir: string, ...args: string[]) {
  const env = { ...process.env, ...embedded, DATA_DIR: dir };
  try {
    const { stdout } = await run(tsx, [cli, ...args], { env, timeout: 60_000 });
    return { code: 0, out: stdout.trim() };
  } catch (e) {
    const err = e as { code: number | null; signal: string | null; stderr: string };
    return { code: err.code ?? err.signal, out: err.stderr.trim() };
  }
}

/** A second server on the same DATA_DIR: its exit code and stderr, or SIGKILL if it is still up after 60 s. */
async function secondServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...embedded,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | string>((resolve) =>
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? signal ?? -1)),
  );
  clearTimeout(timer);
  return { code, out: stderr.trim() };
}

async function killServer() {
  server!.child.kill('SIGKILL');
  await server!.exited;
}

/** The member's permissions, as the running server reads them. */
async function permissionsSeenBy(running: ServerProcess, cookie: string) {
  const res = await fetch(`${running.baseUrl}/api/me`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { permissions: string[] }).permissions;
}

/** The member, an admin, grants itself `files` again through the running server. */
async function grantFilesThrough(running: ServerProcess, cookie: string) {
  const headers = { cookie, 'x-xsrf-token': /XSRF-TOKEN=([^;]*)/.exec(cookie)![1]! };
  const me = (await (await fetch(`${running.baseUrl}/api/me`, { headers })).json()) as { userId: string };
  const res = await fetch(`${running.baseUrl}/api/admin/permissions`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: me.userId, permissions: { files: true } }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'one-opener-'));
  dbDir = path.join(dataDir, 'db');
  await migratedPgliteDir(dbDir);
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await rm(dataDir, { recursive: true, force: true });
});

// Every step starts a process that opens PGlite: seconds each, more on a busy machine.
describe('one opener per PGlite folder (pglite, two real processes)', { timeout: 300_000 }, () => {
  let cookie: string;

  it('should refuse a second server and the admin CLI while the server runs, changing nothing', async () => {
    server = await startServerProcess(embedded, dataDir);
    const member = await signUpMember(server, email);
    cookie = member.cookie();
    expect(await permissionsSeenBy(server, cookie)).toEqual(['admin', 'files']);
    const refusal = `The site is running (pid ${server.child.pid}); stop it first`;

    expect(await secondServer()).toEqual({ code: 1, out: refusal });
    expect(await admin('revoke', email, 'files')).toEqual({ code: 1, out: refusal });
    expect(await admin('show', email)).toEqual({ code: 1, out: refusal });
    // The backup command also says the running site backs itself up, and where.
    const backup = await admin('backup', path.join(dataDir, 'site.tar'));
    expect(backup.code).toBe(1);
    expect(backup.out).toMatch(
      new RegExp(`^${refusal.replace(/[()]/g, '\\$&')}\\.\nMeanwhile it backs itself up`),
    );

    expect(await permissionsSeenBy(server, cookie)).toEqual(['admin', 'files']);
    expect(JSON.parse(await readFile(lockFileOf(dbDir), 'utf8'))).toMatchObject({ pid: server.child.pid });
    // What PGlite keeps in the folder while it is open: a refused opener must not have closed it.
    expect(existsSync(path.join(dbDir, 'postmaster.pid'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'site.tar'))).toBe(false);
  });

  it('should let a new server take over the lock of a killed one, with its data', async () => {
    await killServer();
    server = await startServerProcess(embedded, dataDir);
    expect(await permissionsSeenBy(server, cookie)).toEqual(['admin', 'files']);
    expect(JSON.parse(await readFile(lockFileOf(dbDir), 'utf8'))).toMatchObject({ pid: server.child.pid });
  });

  it('should let the admin CLI take over the lock of a killed server, and leave no lock behind', async () => {
    await killServer();
    expect(await admin('revoke', email, 'files')).toEqual({ code: 0, out: `${email}: admin` });
    expect(existsSync(lockFileOf(dbDir))).toBe(false);
    server = await startServerProcess(embedded, dataDir);
    expect(await permissionsSeenBy(server, cookie)).toEqual(['admin']);
  });

  it("should back up a killed server's database with its last write, which restores whole", async () => {
    await grantFilesThrough(server!, cookie);
    await killServer();
    const archive = path.join(dataDir, 'site.tar');
    expect((await admin('backup', archive)).code).toBe(0);
    expect(existsSync(lockFileOf(dbDir))).toBe(false);
    const restored = path.join(dataDir, 'restored');
    expect((await adminIn(restored, 'restore', archive)).code).toBe(0);
    expect(await adminIn(restored, 'show', email)).toEqual({ code: 0, out: `${email}: admin, files` });
  });
});
