import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { startSite, type TestSite } from '../../test/support.ts';

// A build as apps/web writes it: hashed assets with .br and .gz copies beside them (compress-plugin.ts).
const script = `console.log(${JSON.stringify('the site '.repeat(500))});\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/index-B4x9Qa.js"></script></head></html>`;
// Public pages as the build prerendered them for visitors (prerender-plugin.ts).
const loginPage = page.replace(
  '</head>',
  '</head><body><div id="root"><div class="prerendered" inert><h1>Log in</h1></div></div></body>',
);
const reversiPage = page.replace(
  '</head>',
  '</head><body><div id="root"><div class="prerendered" inert><h1>Reversi</h1></div></div></body>',
);

let dist: string;
let site: TestSite;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'prerendered/games'), { recursive: true });
  for (const [file, text] of [
    ['index.html', page],
    ['assets/index-B4x9Qa.js', script],
    ['prerendered/login.html', loginPage],
    ['prerendered/games/reversi.html', reversiPage],
  ] as const) {
    await writeFile(path.join(dist, file), text);
    await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  await writeFile(path.join(dist, 'assets/plain-C1d2.css'), 'body{margin:0}');
  site = await startSite({ webDist: dist });
});
afterAll(async () => {
  await site.close();
  await rm(dist, { recursive: true, force: true });
});

// supertest decodes br and gzip itself: its text is the decoded file, Content-Length what went over the wire.
const get = (url: string, acceptEncoding: string) =>
  request(site.app).get(url).set('Accept-Encoding', acceptEncoding).buffer(true);

describe(`the web app's files (${databaseKind})`, () => {
  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, else the file as it is', async () => {
    const url = '/assets/index-B4x9Qa.js';
    const br = await get(url, 'gzip, deflate, br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(br.text).toBe(script);
    expect(Number(br.headers['content-length'])).toBe(brotliCompressSync(script).length);

    const gz = await get(url, 'gzip, br;q=0').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(script);
    expect(Number(gz.headers['content-length'])).toBe(gzipSync(script).length);

    const plain = await get(url, 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
    expect(Number(plain.headers['content-length'])).toBe(script.length);
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
  });

  it('caches hashed assets for a year as immutable, and has index.html revalidated', async () => {
    for (const url of ['/assets/index-B4x9Qa.js', '/assets/plain-C1d2.css']) {
      const res = await request(site.app).get(url).set('Accept-Encoding', 'br').expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const css = await request(site.app)
      .get('/assets/plain-C1d2.css')
      .set('Accept-Encoding', 'br')
      .expect(200);
    expect(css.headers['content-encoding']).toBeUndefined(); // no copy was written for it
    expect(css.headers['content-type']).toMatch(/^text\/css/);

    for (const route of ['/', '/albums/123']) {
      const res = await get(route, 'br').expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.text).toBe(page);
    }
  });

  it("answers 404 for an asset this build does not have (an old build's chunk), never the page", async () => {
    const res = await request(site.app).get('/assets/index-OLDHASH.js').expect(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('sends a visitor the page the build prerendered for a public route, and a member the app to draw theirs', async () => {
    for (const [route, prerenderedPage] of [
      ['/login', loginPage],
      ['/games/reversi', reversiPage],
    ] as const) {
      const visitor = await get(route, 'br').expect(200);
      expect(visitor.text).toBe(prerenderedPage);
      expect(visitor.headers['content-encoding']).toBe('br');
      expect(visitor.headers['cache-control']).toBe('no-cache');
      // A cache in between must not hand a visitor's page to a member or the other way round.
      expect(visitor.headers['vary']).toMatch(/Cookie/i);

      const member = await get(route, 'br').set('Cookie', 'sid=s%3Aabc; member=1').expect(200);
      expect(member.text).toBe(page);
    }
    // Routes the build did not prerender, paths that only look like one, and a page asked with a query get the app.
    for (const route of [
      '/albums',
      '/games/chess',
      '/prerendered/login',
      '/games/../login.html',
      '/login?email=cousin%40example.com',
    ]) {
      expect((await get(route, 'br').expect(200)).text).toBe(page);
    }
  });

  it("keeps what a visitor gets anywhere but a public page out of search engines' indexes, and not the public pages", async () => {
    for (const route of ['/login', '/games/reversi']) {
      expect((await get(route, 'br').expect(200)).headers['x-robots-tag']).toBeUndefined();
    }
    // A crawler never has a session: at a member's address it would index the login form, at an invitation's
    // address someone's e-mail address.
    for (const route of [
      '/albums',
      '/albums/123/456',
      '/files',
      '/games/chess',
      '/login?email=cousin%40example.com',
    ]) {
      expect((await get(route, 'br').expect(200)).headers['x-robots-tag']).toBe('noindex');
    }
    const member = await get('/albums', 'br').set('Cookie', 'sid=s%3Aabc; member=1').expect(200);
    expect(member.headers['x-robots-tag']).toBeUndefined();
    expect(member.headers['vary']).toMatch(/Cookie/i);
  });
});
