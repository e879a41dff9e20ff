import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { startSite, Visitor, type TestSite } from '../../test/support.ts';
import { createApp } from '../app.ts';

/** The app over `site`, logging into an array of parsed lines. */
function loggedApp(site: TestSite) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      );
      done();
    },
  });
  return { app: createApp({ ...site.deps, logger: pino({ level: 'info' }, sink) }), lines };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const idOf = (line: Record<string, unknown>) => (line.req as { id?: unknown } | undefined)?.id;

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe(`request ids (${databaseKind})`, () => {
  it('keeps a well-formed X-Request-Id, answers it and logs it on the request line', async () => {
    const { app, lines } = loggedApp(site);
    const res = await request(app).get('/api/me').set('X-Request-Id', 'lb-7f3a.2:9_x');
    expect(res.headers['x-request-id']).toBe('lb-7f3a.2:9_x');
    expect(lines.filter((l) => idOf(l) === 'lb-7f3a.2:9_x')).not.toHaveLength(0);
  });

  it("logs the client's address and whom the session acts as on the request line", async () => {
    const { app, lines } = loggedApp(site);
    const visitor = await Visitor.arrive(app);
    await visitor.post('/api/signup', {
      emailAddress: `logged-${Date.now()}@example.com`,
      password: 'a long enough password',
    });
    const res = await visitor.get('/api/me').expect(200);
    const line = lines.find((l) => idOf(l) === res.headers['x-request-id'] && l.msg === 'request completed');
    expect(line?.user).toBe(res.body.userId);
    expect((line?.req as { ip?: string }).ip).toMatch(/^[\d.:a-f]+$/);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with a space', 'two words'],
    ['with a slash', '../etc'],
    ['empty', ''],
  ])('replaces an X-Request-Id that is %s with a new UUID', async (_, given) => {
    const res = await request(site.app).get('/api/csrf').set('X-Request-Id', given);
    expect(res.headers['x-request-id']).toMatch(uuid);
  });

  it('makes an id for a request without one, different each time', async () => {
    const first = await request(site.app).get('/api/csrf');
    const second = await request(site.app).get('/api/csrf');
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('puts the id in the body of a 5xx caused by a database that is gone, and on its log lines', async () => {
    const gone = await startSite();
    await gone.close();
    const { app, lines } = loggedApp(gone);
    const res = await request(app).get('/api/ready').set('X-Request-Id', 'failing-request-1');
    expect(res.status).toBe(503);
    expect(res.headers['x-request-id']).toBe('failing-request-1');
    expect(res.body.error.requestId).toBe('failing-request-1');
    const logged = lines.filter((l) => idOf(l) === 'failing-request-1');
    // Once, with its cause.
    expect(logged.map((l) => l.msg)).toEqual(['request unavailable']);
    expect(JSON.stringify(logged)).toContain('database');
  });

  it('keeps the id out of bodies below 500', async () => {
    const res = await request(site.app).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.requestId).toBeUndefined();
  });
});
