/**
 * What the benches that drive a real site process share: a free port, a member's session, part PUTs streamed from
 * disk, and the server's memory and CPU read from /proc.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { spawn } from 'node:child_process';
import path from 'node:path';

const mib = 2 ** 20;

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A cookie jar and CSRF header for one member of the site. */
export class Session {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async call(method: string, route: string, body?: unknown) {
    const res = await fetch(`${this.baseUrl}/api${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  }
}

/** PUTs bytes start..end of `file` to `url` on the site (`baseUrl`), streamed from disk as a browser streams a File slice. */
export function putSlice(
  baseUrl: string,
  url: string,
  file: string,
  start: number,
  end: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${url}`, {
      method: 'PUT',
      headers: { 'content-length': end - start, 'content-type': 'application/octet-stream' },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 204 ? resolve() : reject(new Error(`part PUT answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    createReadStream(file, { start, end: end - 1, highWaterMark: mib }).pipe(req);
  });
}

/** RSS of process `pid` in bytes, from /proc. */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** CPU time (user + system) process `pid` has used, in seconds, from /proc. */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The site as production runs it, a child process over PGlite and blobs in `dir` (local store), on a free port;
 * answers once /api/health does, with its base URL and process. `env` adds to or overrides its settings;
 * BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) go to the server's node only.
 */
export async function startSiteProcess(dir: string, env: Record<string, string> = {}) {
  const root = path.resolve(import.meta.dirname, '../..');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const main = path.join(root, 'apps/server/src/main.ts');
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', main], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      S3_BUCKET: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const deadline = Date.now() + 120_000; ;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become healthy within 120 s');
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { baseUrl, server };
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A multipart upload as the site plans one (create-upload's `MultiPart` answer). */
export interface PartPlan {
  uploadId: string;
  partSize: number;
  partCount: number;
}

/**
 * PUTs every part of `file` (`size` bytes) as the web app's send-parts.ts does: a part's URL asked for with those
 * of the next 15 parts (at `${uploadPath}/part-urls`), `parallel` parts at a time.
 */
export async function sendParts(
  session: Session,
  uploadPath: string,
  { partSize, partCount }: PartPlan,
  file: string,
  size: number,
  parallel: number,
): Promise<void> {
  const urls = new Map<number, Promise<string>>();
  const urlOf = (n: number) => {
    if (!urls.has(n)) {
      const batch = Array.from({ length: Math.min(16, partCount - n + 1) }, (_, i) => n + i);
      const signed = session.call('POST', `${uploadPath}/part-urls`, { partNumbers: batch }) as Promise<{
        urls: Record<number, string>;
      }>;
      for (const p of batch)
        urls.set(
          p,
          signed.then(({ urls }) => urls[p]!),
        );
    }
    return urls.get(n)!;
  };
  let next = 1;
  const worker = async () => {
    for (let n = next++; n <= partCount; n = next++) {
      await putSlice(session.baseUrl, await urlOf(n), file, (n - 1) * partSize, Math.min(n * partSize, size));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** Samples process `pid`'s RSS every 50 ms until `stop`, which answers where it started and its peak. */
export async function watchRss(pid: number) {
  const baseline = await rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    void rssOf(pid).then(
      (rss) => (peak = Math.max(peak, rss)),
      () => {},
    );
  }, 50);
  return {
    stop: () => {
      clearInterval(sampler);
      return { baseline, peak };
    },
  };
}
