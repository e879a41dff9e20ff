import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { xsrfCookieName } from '@site/contract';
import { pino } from 'pino';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../src/app.ts';
import { createPasswords } from '../src/auth/password.ts';
import { testConfig, type Config } from '../src/config.ts';
import type { AppDeps } from '../src/deps.ts';
import { runDueJobs } from '../src/jobs/runner.ts';
import { outboxMailer } from '../src/mail/outbox-mailer.ts';
import { readOutbox, type OutboxMail } from '../src/mail/read-outbox.ts';
import { createBlobStore } from '../src/storage/create-blob-store.ts';
import type { Database } from '../src/db/database.ts';
import { freshDatabase } from './database.ts';

export interface TestSite {
  app: Express;
  deps: AppDeps;
  /** A new visitor with their own cookie jar. */
  visitor(): Promise<Visitor>;
  /** Runs every due job (mail, blob deletion) the way the server's runner would; answers how many ran. */
  runJobs(): Promise<number>;
  /** Mails sent so far to `to` (all when omitted), oldest first, once the due jobs have run. */
  mailsTo(to?: string): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

/**
 * The real app over a fresh database (from `openDatabase`: `raceDatabase` for race tests, or `freshDatabase`
 * reached through a proxy a test cuts) and a throwaway data folder (or `dataDir`, kept on close), with the mailer,
 * blob store or logger given in `parts` (else a silent one). Bcrypt runs at its lowest cost for speed.
 */
export async function startSite(
  overrides: Partial<Config> = {},
  {
    openDatabase = freshDatabase,
    dataDir: givenDataDir,
    ...parts
  }: Partial<Pick<AppDeps, 'mailer' | 'blobs' | 'logger'>> & {
    openDatabase?: () => Promise<Database>;
    dataDir?: string;
  } = {},
): Promise<TestSite> {
  const dataDir = givenDataDir ?? (await mkdtemp(path.join(tmpdir(), 'site-test-')));
  const database = await openDatabase();
  // One proxy in front, so each Visitor can come from an address of its own (per-client limits).
  const config = { ...testConfig(dataDir), passwordCost: 4, trustProxy: 1, ...overrides };
  const logger = parts.logger ?? pino({ level: 'silent' });
  const deps: AppDeps = {
    config,
    db: database.prisma,
    prepare: database.prepare,
    logger,
    passwords: createPasswords(config.passwordCost),
    mailer: outboxMailer(config.mail.outboxDir, config.mail.from, logger),
    blobs: createBlobStore(config),
    ...parts,
  };
  const app = createApp(deps);
  const runJobs = async () => {
    let total = 0;
    for (let ran = -1; ran !== 0; total += ran) ran = await runDueJobs(deps);
    return total;
  };
  return {
    app,
    deps,
    visitor: () => Visitor.arrive(app),
    runJobs,
    mailsTo: async (to) =>
      (await runJobs(), await readOutbox(config.mail.outboxDir)).filter(
        (m) => !to || m.to.toLowerCase() === to.toLowerCase(),
      ),
    close: async () => {
      await database.close();
      if (!givenDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let nextAddress = 1;

/**
 * A browser-like caller: keeps cookies and sends the CSRF header the way the web app does, with the token of the
 * latest cookie (log in and log out change it).
 */
export class Visitor {
  private constructor(
    readonly agent: request.Agent,
    private csrfToken: string,
    /** The client address this visitor comes from, as the proxy reports it. */
    readonly address: string,
  ) {}

  static async arrive(app: Express): Promise<Visitor> {
    const agent = request.agent(app);
    const address = `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
    const res = await agent.get('/api/csrf').set('X-Forwarded-For', address).expect(200);
    return new Visitor(agent, res.body.csrfToken, address);
  }

  get(url: string) {
    return this.follow(this.agent.get(url).set('X-Forwarded-For', this.address));
  }
  post(url: string, body?: object) {
    return this.send(this.agent.post(url), body);
  }
  patch(url: string, body?: object) {
    return this.send(this.agent.patch(url), body);
  }
  put(url: string, body?: object) {
    return this.send(this.agent.put(url), body);
  }
  delete(url: string, body?: object) {
    return this.send(this.agent.delete(url), body);
  }

  private send(req: request.Test, body?: object) {
    const sent = this.follow(req.set('X-XSRF-TOKEN', this.csrfToken).set('X-Forwarded-For', this.address));
    return body === undefined ? sent : sent.send(body);
  }

  /** Takes the token from the answer's CSRF cookie, when it brings one. */
  private follow(req: request.Test) {
    return req.on('response', (res: request.Response) => {
      const cookie = ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .filter((c) => c.startsWith(`${xsrfCookieName}=`))
        .at(-1);
      const value = cookie?.slice(xsrfCookieName.length + 1).split(';')[0];
      if (value) this.csrfToken = decodeURIComponent(value);
    });
  }
}
