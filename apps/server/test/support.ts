import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../src/app.ts';
import { createPasswords } from '../src/auth/password.ts';
import { testConfig, type Config } from '../src/config.ts';
import type { AppDeps } from '../src/deps.ts';
import { freshDatabase } from './database.ts';

export interface TestSite {
  app: Express;
  deps: AppDeps;
  /** A new visitor with their own cookie jar. */
  visitor(): Promise<Visitor>;
  close(): Promise<void>;
}

/** The real app over a fresh database and a throwaway data folder. Bcrypt runs at its lowest cost for speed. */
export async function startSite(overrides: Partial<Config> = {}): Promise<TestSite> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-test-'));
  const database = await freshDatabase();
  const config = { ...testConfig(dataDir), passwordCost: 4, ...overrides };
  const deps: AppDeps = {
    config,
    db: database.prisma,
    logger: pino({ level: 'silent' }),
    passwords: createPasswords(config.passwordCost),
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    visitor: () => Visitor.arrive(app),
    close: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like caller: keeps cookies and sends the CSRF header the way the web app does. */
export class Visitor {
  private constructor(
    readonly agent: request.Agent,
    private csrfToken: string,
  ) {}

  static async arrive(app: Express): Promise<Visitor> {
    const agent = request.agent(app);
    const res = await agent.get('/api/csrf').expect(200);
    return new Visitor(agent, res.body.csrfToken);
  }

  get(url: string) {
    return this.agent.get(url);
  }
  post(url: string, body?: object) {
    return this.agent.post(url).set('X-XSRF-TOKEN', this.csrfToken).send(body);
  }
  patch(url: string, body?: object) {
    return this.agent.patch(url).set('X-XSRF-TOKEN', this.csrfToken).send(body);
  }
  put(url: string, body?: object) {
    return this.agent.put(url).set('X-XSRF-TOKEN', this.csrfToken).send(body);
  }
  delete(url: string) {
    return this.agent.delete(url).set('X-XSRF-TOKEN', this.csrfToken);
  }
}
