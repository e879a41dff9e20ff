import { ErrorBody } from '@site/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, uploadImage } from './albums-factories.ts';
import { databaseKind } from './database.ts';
import { defaultPassword, signedUpVisitor } from './factories.ts';
import { createFolder } from './files-factories.ts';
import { mutatingRoutes as mutating } from './mutating-routes.ts';
import { startSite, type TestSite, type Visitor } from './support.ts';
import { arbitraryFor, deeplyNestedJson, hostileStrings } from './zod-arbitrary.ts';

/** Generated bodies per mutating route; with the fixed hostile ones this keeps the run near half a minute. */
const runsPerRoute = 6;

let site: TestSite;
let adminEmail: string;
/** Real ids, so generated requests also reach the rules behind the access checks. */
let realIds: string[];
const tally = { cases: 0, serverErrors: 0, badBodies: 0 };

beforeAll(async () => {
  site = await startSite();
  const admin = await signedUpVisitor(site); // the first account: admin and files
  adminEmail = admin.user.emailAddress;
  await site.deps.db.user.update({ where: { id: admin.user.userId }, data: { emailVerifiedAt: new Date() } });
  const album = await createAlbum(admin.visitor);
  const image = await uploadImage(admin.visitor, album.photoAlbumId);
  const folder = await createFolder(admin.visitor, 'Fuzz');
  realIds = [admin.user.userId, album.photoAlbumId, image.imageId, image.thumbnailId, folder.nodeId];
}, 120_000);
afterAll(async () => {
  console.info(`fuzz (${databaseKind}): ${tally.cases} cases, ${tally.serverErrors} answers 5xx`);
  await site.close();
});

/** Path parameters: a real id, a random UUID, or a hostile string. */
const param = () =>
  fc.oneof(fc.constantFrom(...realIds), fc.uuid(), fc.constantFrom(...hostileStrings.slice(0, 15)));

function urlOf(path: string, params: string[]): string {
  let i = 0;
  return path.replace(/:\w+/g, () => encodeURIComponent(params[i++] ?? ''));
}

/**
 * Sends one case (`body` as JSON; a string `raw` as it is) and checks the answer: never a 5xx, and every error in
 * the one error shape.
 */
async function check(visitor: Visitor, method: string, url: string, body: unknown, raw = false) {
  const json = raw ? (body as string) : JSON.stringify(body);
  const sendOnce = async () => {
    const req = visitor.agent[method as 'post'](url)
      .set('X-XSRF-TOKEN', await csrf(visitor))
      .set('X-Forwarded-For', visitor.address);
    return json === undefined ? req : req.set('Content-Type', 'application/json').send(json);
  };
  let res = await sendOnce();
  if (res.body?.error?.code === 'csrf') {
    // A log in or log out in an earlier case renewed the session, and with it the token.
    tokens.delete(visitor);
    res = await sendOnce();
  }
  tally.cases++;
  if (res.status >= 500) tally.serverErrors++;
  expect(res.status, `${method} ${url} ${json?.slice(0, 200)}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400) {
    if (!ErrorBody.safeParse(res.body).success) tally.badBodies++;
    expect(ErrorBody.safeParse(res.body).success, `${url}: ${res.text.slice(0, 200)}`).toBe(true);
  }
}

const tokens = new Map<Visitor, string>();
async function csrf(visitor: Visitor): Promise<string> {
  if (!tokens.has(visitor)) tokens.set(visitor, (await visitor.get('/api/csrf')).body.csrfToken as string);
  return tokens.get(visitor)!;
}

async function loggedInAdmin(): Promise<Visitor> {
  const visitor = await site.visitor();
  await visitor.post('/api/login', { emailAddress: adminEmail, password: defaultPassword }).expect(200);
  return visitor;
}

describe(`fuzzing every mutating route (${databaseKind})`, () => {
  it.each(mutating)(
    'never answers $key with a 5xx, and always with the error body',
    async (route) => {
      const visitor = await loggedInAdmin();
      const paramCount = (route.path.match(/:\w+/g) ?? []).length;
      const bodies = route.body ? arbitraryFor(route.body) : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(
          fc.array(param(), { minLength: paramCount, maxLength: paramCount }),
          bodies,
          async (params, body) => {
            await check(visitor, route.method, urlOf(route.path, params), body);
          },
        ),
        { numRuns: runsPerRoute, seed: 11 },
      );
      // Bodies no schema produces: not JSON, too deep, too large, prototype keys at the top.
      const url = urlOf(route.path, realIds.slice(1, 1 + paramCount));
      await check(visitor, route.method, url, '{"unclosed": ', true);
      await check(visitor, route.method, url, deeplyNestedJson(5000), true);
      await check(visitor, route.method, url, JSON.stringify({ s: 'x'.repeat(1024 * 1024 + 1) }), true);
      await check(
        visitor,
        route.method,
        url,
        '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}',
        true,
      );
    },
    120_000,
  );

  it('counted its cases', () => {
    expect(tally.cases).toBeGreaterThan(mutating.length * runsPerRoute);
    expect(tally).toMatchObject({ serverErrors: 0, badBodies: 0 });
  });
});
