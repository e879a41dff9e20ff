import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One parsed pino line of the child's output. */
export type LogLine = { msg: string; ms?: number } & Record<string, unknown>;

/** The real server (`node --import tsx src/main.ts`) as a child process over a throwaway DATA_DIR. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  dataDir: string;
  baseUrl: string;
  lines: LogLine[];
  /** Resolves with the first log line `msg` starts with, once it is written. */
  logged(msg: string): Promise<LogLine>;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Kills what is left and removes the data folder. */
  close(): Promise<void>;
}

/**
 * Where and how the server runs: `nodeArgs` go to its node (e.g. `--cpu-prof`, which NODE_OPTIONS refuses), and
 * `serverDir` runs another checkout's apps/server (a benchmark's baseline), this one by default.
 */
export interface ServerProcessOptions {
  nodeArgs?: string[];
  serverDir?: string;
}

/**
 * Starts it and waits until it listens; rejects with its exit code and stderr when it exits first. The free port
 * it is given can be taken by another test file's process before it listens: then it starts again on another.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  dataDir?: string,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  // It learns that the server listens from an info line: a quieter level would leave it waiting for ever.
  if (env.LOG_LEVEL && !['info', 'debug', 'trace'].includes(env.LOG_LEVEL)) {
    throw new Error(
      `startServerProcess reads the server's info lines; LOG_LEVEL=${env.LOG_LEVEL} hides them`,
    );
  }
  dataDir ??= await mkdtemp(path.join(tmpdir(), 'site-process-'));
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, dataDir, options, attempt < 3);
    } catch (error) {
      if (attempt < 3 && error instanceof PortTaken) continue;
      throw error;
    }
  }
}

/** The port was taken between freePort and the server's listen. */
class PortTaken extends Error {}

async function startOnce(
  env: Record<string, string>,
  dataDir: string,
  { nodeArgs = [], serverDir = path.resolve(import.meta.dirname, '..') }: ServerProcessOptions,
  retryable: boolean,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const waiting: { msg: string; resolve: (line: LogLine) => void }[] = [];
  let partial = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const complete = text.split('\n');
    partial = complete.pop()!;
    for (const raw of complete) {
      const line = JSON.parse(raw) as LogLine;
      lines.push(line);
      for (const w of waiting.filter((w) => line.msg.startsWith(w.msg))) w.resolve(line);
    }
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const logged = (msg: string) => {
    const seen = lines.find((l) => l.msg.startsWith(msg));
    if (seen) return Promise.resolve(seen);
    return Promise.race([
      new Promise<LogLine>((resolve) => waiting.push({ msg, resolve })),
      exited.then((code) => {
        throw new Error(`server exited (${code}) before logging "${msg}":\n${errors}`);
      }),
    ]);
  };
  try {
    await logged('listening on');
  } catch (error) {
    if (retryable && String(error).includes('EADDRINUSE')) throw new PortTaken(String(error));
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    child,
    port,
    dataDir,
    baseUrl: `http://127.0.0.1:${port}`,
    lines,
    logged,
    exited,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh server process's first account (it gets the files permission), signed up over HTTP with cookies and the
 * CSRF header as a browser sends them: `call` answers a route's JSON, `cookie` the Cookie header for other requests.
 * Its session lives in the database, so it outlasts a restart: `server.baseUrl` is read at each call.
 */
export async function signUpMember(
  server: Pick<ServerProcess, 'baseUrl'>,
  emailAddress = 'owner@example.com',
) {
  const cookies = new Map<string, string>();
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const call = async <T = unknown>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        cookie: cookie(),
        'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), decodeURIComponent(pair!.slice(at + 1)));
    }
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<T>;
  };
  await call('GET', '/api/csrf');
  await call('POST', '/api/signup', { emailAddress, password: 'a long enough passphrase' });
  return { call, cookie };
}

/**
 * Signs up the first account of a fresh server process and reserves a file upload of `size` bytes: answers the
 * signed URL to PUT the bytes to, as the web app would get it.
 */
export async function reserveFileUpload(server: ServerProcess, size: number): Promise<string> {
  const { call } = await signUpMember(server);
  const upload = await call<{ contents: string }>('POST', '/api/files/create-upload', { size });
  const signed = await call<{ url: string }>('GET', `/api/files/signed-url/${upload.contents}`);
  return signed.url;
}
