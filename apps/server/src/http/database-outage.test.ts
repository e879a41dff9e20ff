import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, raceServerUrl } from '../../test/database.ts';
import { signedUpVisitor, uniqueEmail } from '../../test/factories.ts';
import { filesMember } from '../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../test/support.ts';
import { TcpProxy } from '../../test/tcp-proxy.ts';

// A TCP proxy between the app and PostgreSQL stands in for the outage: the shared server itself is never stopped.
// On the PostgreSQL that answers (TEST_DATABASE_URL or the local one), so a PGlite run cuts it too.
const metricsToken = 'metrics-token-for-the-outage-0123456789';

/** What the site logs at warn and above, one object a line. */
const logged: { msg: string; req?: { id: string }; err?: { message: string } }[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });

/** database_errors_total over every kind, from the site's /metrics. */
async function databaseErrors(site: TestSite): Promise<number> {
  const { text } = await request(site.app).get('/metrics').set('Authorization', `Bearer ${metricsToken}`);
  return text
    .split('\n')
    .filter((l) => l.startsWith('database_errors_total{'))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

describe.skipIf(!raceServerUrl)('a database outage (postgresql)', () => {
  let proxy: TcpProxy;
  let site: TestSite;
  beforeAll(async () => {
    const server = new URL(raceServerUrl!);
    proxy = await TcpProxy.start({ host: server.hostname, port: Number(server.port || 5432) });
    site = await startSite(
      { metricsToken },
      {
        logger,
        openDatabase: () =>
          freshDatabase(raceServerUrl, (url) => {
            url.hostname = '127.0.0.1';
            url.port = String(proxy.port);
          }),
      },
    );
  });
  afterAll(async () => {
    await proxy.restore();
    await site.close();
    await proxy.close();
  });

  type Answer = { status: number; body: { error?: { code: string } }; headers: object };
  const headersOf = (res: Answer) => res.headers as Record<string, string | string[] | undefined>;
  /** The session cookie an answer sets, if any. */
  const sidOf = (res: Answer) =>
    [headersOf(res)['set-cookie'] ?? []]
      .flat()
      .map((cookie) => /^sid=([^;]*)/.exec(cookie)?.[1])
      .find((sid) => sid !== undefined);

  /** `sid`: the session the visitor had, which a rolling session may send again once it was read. */
  const expectUnavailable = (res: Answer, sid?: string) => {
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe('unavailable');
    expect(Number(headersOf(res)['retry-after'])).toBeGreaterThan(0);
    // The browser keeps its session cookie: it is neither cleared nor replaced.
    if (sidOf(res) !== undefined) expect(sidOf(res)).toBe(sid);
  };

  it('answers 503 (not "logged out", not "csrf") and keeps the session, which works again afterwards', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const stranger: Visitor = await site.visitor();
    await visitor.get('/api/me').expect(200);

    const errorsBefore = await databaseErrors(site);
    await proxy.cut();
    const started = Date.now();
    expectUnavailable(await visitor.get('/api/me'));
    expectUnavailable(await visitor.patch('/api/me/display-name', { displayName: 'During the outage' }));
    expectUnavailable(
      await stranger.post('/api/login', { emailAddress: uniqueEmail(), password: 'whatever it is' }),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    // Nothing that needs no database stops working.
    await visitor.get('/api/health').expect(200);

    // Each request that failed shows in the metrics an operator watches, which answer during the outage: only the
    // gauges read from the database are missing from them.
    expect((await databaseErrors(site)) - errorsBefore).toBe(3);
    const during = await request(site.app).get('/metrics').set('Authorization', `Bearer ${metricsToken}`);
    expect(during.status).toBe(200);
    expect(during.text).toContain('site_build_info{');
    expect(during.text).not.toMatch(/^jobs\{/m);
    await proxy.restore();
    const after = await request(site.app).get('/metrics').set('Authorization', `Bearer ${metricsToken}`);
    expect(after.text).toMatch(/^jobs\{/m);
    const me = await visitor.get('/api/me').expect(200);
    expect(me.body.userId).toBe(user.userId);
    expect(me.body.displayName).toBe(user.displayName);
  });

  it('answers 503 (never 500) to reads in flight when the connection is reset, and logs each once with its cause', async () => {
    const { visitor } = await filesMember(site);
    const sid = sidOf(await visitor.get('/api/me').expect(200));
    expect(sid).toBeDefined();
    // A raw query (the album list, one statement) and a Prisma model query (the top-level files).
    for (const [path, table] of [
      ['/api/photo-albums', '"AlbumShare"'],
      ['/api/files', '"FileNode"'],
    ]) {
      const held = proxy.hold(table!, 2);
      const reads = [visitor.get(path!), visitor.get(path!)].map((read) => read.then((res) => res));
      await held;
      logged.length = 0;
      await proxy.cut({ reset: true });
      const answers = await Promise.all(reads);
      await proxy.restore();
      for (const res of answers) {
        expectUnavailable(res, sid);
        const lines = logged.filter((l) => l.req?.id === res.headers['x-request-id']);
        // The request's own line, and one saying what failed underneath.
        expect(lines.map((l) => l.msg).sort()).toEqual(['request errored', 'request unavailable']);
        expect(lines.find((l) => l.msg === 'request unavailable')?.err?.message).toMatch(/connection/i);
      }
    }
  });

  it('answers 503 to an upload whose database went away while its bytes were on their way', async () => {
    const { visitor } = await filesMember(site);
    const uploadId = (await visitor.post('/api/files/create-upload', { size: 2000 }).expect(200)).body
      .contents as string;
    const { url } = (await visitor.get(`/api/files/signed-url/${uploadId}`).expect(200)).body as {
      url: string;
    };
    const server = createServer(site.app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const put = httpRequest(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`, {
        method: 'PUT',
        headers: { 'Content-Length': 2000, 'Content-Type': 'application/octet-stream' },
      });
      const answered = once(put, 'response') as Promise<[IncomingMessage]>;
      put.write(Buffer.alloc(1000, 1));
      // The PUT has claimed its upload: the bytes are on their way when the database goes.
      await expect
        .poll(
          async () => (await site.deps.db.pendingUpload.findUnique({ where: { id: uploadId } }))?.receivedAt,
        )
        .not.toBeNull();
      await proxy.cut();
      put.end(Buffer.alloc(1000, 2));
      const [res] = await answered;
      const body = JSON.parse((await res.toArray()).join('')) as { error: { code: string } };
      expect(res.statusCode).toBe(503);
      expect(body.error.code).toBe('unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await proxy.restore();
      server.close();
    }
  });
});
