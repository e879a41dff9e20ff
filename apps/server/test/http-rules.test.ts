import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { databaseKind } from './database.ts';
import { defaultPassword, uniqueEmail } from './factories.ts';
import { startSite, type TestSite } from './support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe(`CSRF and error rules (${databaseKind})`, () => {
  it('refuses a POST without the X-XSRF-TOKEN header with 403 csrf, and creates nothing', async () => {
    const visitor = await site.visitor();
    const email = uniqueEmail();
    const res = await visitor.agent
      .post('/api/signup')
      .send({ emailAddress: email, password: defaultPassword });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('csrf');
    expect(await site.deps.db.user.count({ where: { email } })).toBe(0);
  });

  it('marks every /api answer no-store: data, errors and unknown routes', async () => {
    const visitor = await site.visitor();
    for (const res of [
      await visitor.get('/api/csrf'),
      await visitor.get('/api/me'),
      await visitor.post('/api/login', { emailAddress: 'x' }),
      await visitor.get('/api/no-such-route'),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a token from another session', async () => {
    const mine = await site.visitor();
    const other = await site.visitor();
    const otherToken = (await other.get('/api/csrf')).body.csrfToken;
    const res = await mine.agent
      .post('/api/login')
      .set('X-XSRF-TOKEN', otherToken)
      .send({ emailAddress: uniqueEmail(), password: 'x' });
    expect(res.status).toBe(403);
  });

  it('sets a readable XSRF-TOKEN cookie that works as the header', async () => {
    const agent = request.agent(site.app);
    const res = await agent.get('/api/me');
    const cookie = String(res.headers['set-cookie']).match(/XSRF-TOKEN=([^;]+)/);
    expect(cookie).not.toBeNull();
    expect(String(res.headers['set-cookie'])).not.toMatch(/XSRF-TOKEN=[^,]*HttpOnly/i);
    const login = await agent
      .post('/api/login')
      .set('X-XSRF-TOKEN', decodeURIComponent(cookie![1]!))
      .send({ emailAddress: uniqueEmail(), password: 'whatever' });
    expect(login.status).toBe(200);
    expect(login.body).toBe(false);
  });

  it('marks the session cookie httpOnly and SameSite=Lax', async () => {
    const visitor = await site.visitor();
    const res = await visitor.post('/api/signup', { emailAddress: uniqueEmail(), password: defaultPassword });
    const sid = String(res.headers['set-cookie'])
      .split(/,(?=\s*\w+=)/)
      .find((c) => c.trim().startsWith('sid='));
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
  });

  it('answers malformed JSON with 400 bad_request, not a 500 or a stack trace', async () => {
    const visitor = await site.visitor();
    const res = await visitor.agent
      .post('/api/login')
      .set('X-XSRF-TOKEN', (await visitor.get('/api/csrf')).body.csrfToken)
      .set('Content-Type', 'application/json')
      .send('{"emailAddress": ');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|node_modules/);
  });

  it('answers a body of the wrong shape with 400 and the zod issues', async () => {
    const visitor = await site.visitor();
    const res = await visitor.post('/api/login', { emailAddress: 42 });
    expect(res.status).toBe(400);
    expect(res.body.error.issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['body.emailAddress', 'body.password']),
    );
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await request(site.app).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('answers a bad path parameter with 400', async () => {
    const visitor = await site.visitor();
    const res = await visitor.get('/api/photo-albums/not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toEqual(['params', 'photoAlbumId']);
  });

  it('answers health checks without creating a session', async () => {
    const res = await request(site.app).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('sends security headers', async () => {
    // Not /api/health: load balancers' probes are answered before any layer.
    const res = await request(site.app).get('/api/me');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // WebAssembly may compile; eval may not.
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(res.headers['content-security-policy']).not.toMatch(/'unsafe-eval'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
