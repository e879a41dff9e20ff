/**
 * The servers bench/http/run.ts measures, started in a child process of their own so the load generator does not
 * share their event loop: the site over one database kind, and its baselines (a raw one-row query on node:http,
 * bare Express 5, Express's sendFile of the blob the site serves).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import express from 'express';
import pg from 'pg';
import { destination, pino } from 'pino';
import { createApp } from '../../apps/server/src/app.ts';
import { createPasswords } from '../../apps/server/src/auth/password.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { outboxMailer } from '../../apps/server/src/mail/outbox-mailer.ts';
import { requestLogger } from '../../apps/server/src/http/request-logger.ts';
import { securityHeaders } from '../../apps/server/src/http/security-headers.ts';
import { LocalBlobStore } from '../../apps/server/src/storage/local-blob-store.ts';
import { scratchDatabase } from '../support/scratch-database.ts';
import { startCardStack } from './card-stack.ts';

const kind = process.argv[2] as 'postgresql' | 'pglite';
/** What SIGTERM undoes before the process exits. */
const stopping: (() => Promise<unknown> | void)[] = [];
process.on(
  'SIGTERM',
  () => void Promise.allSettled(stopping.map((stop) => stop())).finally(() => process.exit(0)),
);

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

async function openSiteDatabase() {
  if (kind === 'pglite') return { ...(await openDatabase({ pgliteDir: 'memory://' })), url: undefined };
  const { url, drop } = await scratchDatabase('bench_http');
  stopping.push(drop);
  return { ...(await openDatabase({ url })), url };
}

/** A one-row lookup by primary key: what GET /api/me amounts to without any layer. */
async function rawQuery(url: string | undefined) {
  let query: (id: string) => Promise<unknown>;
  let id: string;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on('error', () => {}); // the database is dropped under it at the end
    id = (await pool.query('SELECT id FROM "User" LIMIT 1')).rows[0].id;
    query = async (v) =>
      (await pool.query('SELECT id, email, "displayName" FROM "User" WHERE id = $1', [v])).rows[0];
  } else {
    const db = new PGlite('memory://');
    await db.exec('CREATE TABLE "User" (id uuid PRIMARY KEY, email text, "displayName" text)');
    id = randomUUID();
    await db.query('INSERT INTO "User" VALUES ($1, $2, $3)', [id, 'raw@example.com', '']);
    query = async (v) =>
      (await db.query('SELECT id, email, "displayName" FROM "User" WHERE id = $1', [v])).rows[0];
  }
  return () => query(id);
}

/** The raw query answered as JSON on node:http: the floor. */
function rawQueryServer(query: () => Promise<unknown>) {
  return http.createServer((_req, res) => {
    query().then(
      (row) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(row));
      },
      () => res.writeHead(500).end(),
    );
  });
}

/** The same query answered by bare Express 5: what the framework alone costs over the floor. */
function expressQueryServer(query: () => Promise<unknown>) {
  const app = express();
  app.get('/api/me', (_req, res, next) => void query().then((row) => res.json(row), next));
  return http.createServer(app);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-http-'));
// Production settings, except for secure cookies (plain http here) and a cheap bcrypt for the one sign-up.
const config = {
  ...testConfig(dataDir),
  production: true,
  responseValidation: false,
  logLevel: 'info' as const,
  passwordCost: 4,
};
// Logged as in production (info, one line per request), into /dev/null so the terminal is not the bottleneck.
const logger = pino({ level: 'info' }, destination('/dev/null'));
const database = await openSiteDatabase();
const blobs = new LocalBlobStore(
  config.storage.kind === 'local' ? config.storage.dir : '',
  config.sessionSecret,
);
const deps = {
  config,
  db: database.prisma,
  prepare: database.prepare,
  logger,
  passwords: createPasswords(config.passwordCost),
  mailer: outboxMailer(config.mail.outboxDir, config.mail.from, logger),
  blobs,
};
const site = `http://127.0.0.1:${await listen(http.createServer(createApp(deps)))}`;
// The same site with ts-rest's response validation on (as in development), to price that layer.
const validated = createApp({ ...deps, config: { ...config, responseValidation: true } });
const validatedSite = `http://127.0.0.1:${await listen(http.createServer(validated))}`;

// A member: sign up through the API as a browser would, keep the cookies.
const jar = new Map<string, string>();
const keep = (res: Response) => {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const [k, v] = pair!.split('=');
    jar.set(k!, v!);
  }
};
const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
const csrf = await fetch(`${site}/api/csrf`);
keep(csrf);
const { csrfToken } = (await csrf.json()) as { csrfToken: string };
const signup = await fetch(`${site}/api/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-xsrf-token': csrfToken, cookie: cookie() },
  body: JSON.stringify({ emailAddress: 'bench@example.com', password: 'a long bench password 1' }),
});
keep(signup);
if (signup.status !== 200) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);

// A 64 KiB blob, served by the site through a signed URL and by bare Express's sendFile.
const key = randomUUID();
await blobs.ensureFolderFor(key);
await writeFile(blobs.pathOf(key), randomBytes(64 << 10));
const blobUrl = await blobs.downloadUrl(key, { contentType: 'application/octet-stream' });

const bare = express();
bare.get('/api/health', (_req, res) => void res.json({ status: 'ok' }));
bare.get('/file', (_req, res) => res.sendFile(blobs.pathOf(key)));
const bareUrl = `http://127.0.0.1:${await listen(http.createServer(bare))}`;

// Bare Express plus the site's first layers, one at a time, to price each.
const health = (...layers: express.RequestHandler[]) => {
  const app = express();
  app.use(...layers);
  app.get('/api/health', (_req, res) => void res.json({ status: 'ok' }));
  return app;
};
const loggedUrl = `http://127.0.0.1:${await listen(http.createServer(health(requestLogger(logger))))}`;
const headersUrl = `http://127.0.0.1:${await listen(
  http.createServer(health(requestLogger(logger), securityHeaders(config))),
)}`;
/**
 * nginx (when installed) in front of the site with DOWNLOAD_OFFLOAD=nginx, as README's proxy section configures it,
 * and serving the same blobs folder directly under /direct/: the offloaded download against nginx alone.
 */
async function startNginx(siteUrl: string, blobsDir: string) {
  if (spawnSync('nginx', ['-v']).error) return null;
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-nginx-'));
  // A free port, closed again for nginx to take.
  const probe = http.createServer();
  const port = await listen(probe);
  await new Promise((r) => probe.close(r));
  // The workers run as this process's user, who alone may read DATA_DIR (the server makes it 0700).
  const conf = `user ${userInfo().username}; worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events {}
http {
  access_log off; sendfile on; tcp_nopush on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  upstream site { server ${new URL(siteUrl).host}; keepalive 32; }
  server {
    listen 127.0.0.1:${port};
    location / { proxy_pass http://site; proxy_http_version 1.1; proxy_set_header Connection ""; }
    location /_site_blobs/ { internal; alias ${blobsDir}/;
      add_header X-Content-Type-Options nosniff always; add_header Content-Security-Policy sandbox always; }
    location /direct/ { alias ${blobsDir}/; }
  }
}`;
  await writeFile(path.join(dir, 'nginx.conf'), conf);
  const nginx = spawn('nginx', ['-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  stopping.push(() => void nginx.kill('SIGQUIT'));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${base}/direct/`).then(
        () => true,
        () => false,
      )
    )
      return base;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('nginx did not start');
}

const offloadSite = `http://127.0.0.1:${await listen(
  http.createServer(createApp({ ...deps, config: { ...config, downloadOffload: 'nginx' } })),
)}`;
const nginxUrl = await startNginx(offloadSite, blobs.dir);
const card = database.url ? await startCardStack(database.url, listen) : undefined;

const query = await rawQuery(database.url);
const rawUrl = `http://127.0.0.1:${await listen(rawQueryServer(query))}`;
const expressQueryUrl = `http://127.0.0.1:${await listen(expressQueryServer(query))}`;

process.stdout.write(
  JSON.stringify({
    me: { url: `${site}/api/me`, headers: { cookie: cookie() } },
    meValidated: { url: `${validatedSite}/api/me`, headers: { cookie: cookie() } },
    loggedHealth: { url: `${loggedUrl}/api/health` },
    headersHealth: { url: `${headersUrl}/api/health` },
    raw: { url: rawUrl },
    expressRaw: { url: `${expressQueryUrl}/api/me` },
    health: { url: `${site}/api/health` },
    bareHealth: { url: `${bareUrl}/api/health` },
    blob: { url: `${site}${blobUrl}` },
    sendFile: { url: `${bareUrl}/file` },
    ...(card && { card }),
    ...(nginxUrl && {
      offloaded: { url: `${nginxUrl}${blobUrl}` },
      nginxDirect: { url: `${nginxUrl}/direct/${path.relative(blobs.dir, blobs.pathOf(key))}` },
    }),
  }) + '\n',
);
