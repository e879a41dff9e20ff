import { randomUUID } from 'node:crypto';
import { xsrfCookieName } from '@site/contract';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, reserveUpload, uploadImage, verifyEmail } from './albums-factories.ts';
import { databaseFingerprint } from './database-fingerprint.ts';
import { databaseKind } from './database.ts';
import { defaultPassword, signedUpVisitor } from './factories.ts';
import { createFolder } from './files-factories.ts';
import { mutatingRoutes } from './mutating-routes.ts';
import { startSite, type TestSite, type Visitor } from './support.ts';
import { arbitraryFor } from './zod-arbitrary.ts';

/**
 * Every mutating route of the contract, as a signed-in member and as a visitor, with each way a forged request
 * can carry its token: each must answer 403 `csrf` and leave every row of the database as it was. The member is
 * the first account (admin, files permission, verified) and the path names their own album, image, folder,
 * upload and trashed folder, with a body the contract accepts: had the guard let one through, its handler would
 * have changed something.
 */
type Forge = (method: Method, url: string) => request.Test;
type Method = (typeof mutatingRoutes)[number]['method'];

const asCaller =
  (caller: () => Visitor, token?: () => string): Forge =>
  (method, url) => {
    const req = caller().agent[method](url).set('X-Forwarded-For', caller().address);
    return token ? req.set('X-XSRF-TOKEN', token()) : req;
  };
const cells: Record<string, Forge> = {
  'member, no token': asCaller(() => sessions.member),
  'member, a wrong token': asCaller(
    () => sessions.member,
    () => 'not-a-token',
  ),
  "member, another visitor's token": asCaller(
    () => sessions.member,
    () => strangerToken,
  ),
  // A cookie planted beside the session (by a subdomain, say) with its token: valid, but for another session.
  "member, another session's cookie and token": (method, url) => {
    const browser = request(site.app);
    return browser[method](url)
      .set('Cookie', `${memberSessionCookie}; ${xsrfCookieName}=${encodeURIComponent(strangerToken)}`)
      .set('X-XSRF-TOKEN', strangerToken);
  },
  'visitor, no token': asCaller(() => sessions.visitor),
  'visitor, a wrong token': asCaller(
    () => sessions.visitor,
    () => 'not-a-token',
  ),
  "visitor, another visitor's token": asCaller(
    () => sessions.visitor,
    () => strangerToken,
  ),
};

let site: TestSite;
let sessions: Record<'member' | 'visitor', Visitor>;
/** The member's `sid` cookie, as `name=value`. */
let memberSessionCookie: string;
/** A real token, minted for someone else. */
let strangerToken: string;
/** A value for each path parameter the contract names; a route with a new name fails until it has one. */
let params: Record<string, string>;

beforeAll(async () => {
  site = await startSite();
  const member = await signedUpVisitor(site); // the first account: admin and files
  await verifyEmail(site, member.user.userId);
  const album = await createAlbum(member.visitor, 'Kept');
  const image = await uploadImage(member.visitor, album.photoAlbumId);
  const folder = await createFolder(member.visitor, 'Kept');
  const trashed = await createFolder(member.visitor, 'Trashed');
  await member.visitor.delete(`/api/files/${trashed.nodeId}`).expect(204);
  const multipart = await site.deps.db.pendingUpload.create({
    data: { ownerId: member.user.userId, kind: 'FILE', size: 100n, partSize: 64, multipartId: '' },
  });
  params = {
    photoAlbumId: album.photoAlbumId,
    imageId: image.imageId,
    nodeId: folder.nodeId,
    uploadId: multipart.id,
    kind: 'node',
    id: trashed.nodeId,
  };
  sessions = { member: member.visitor, visitor: await site.visitor() };
  const login = await member.visitor.post('/api/login', {
    emailAddress: member.user.emailAddress,
    password: defaultPassword,
  });
  memberSessionCookie = ([] as string[])
    .concat(login.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!;
  strangerToken = (await (await site.visitor()).get('/api/csrf').expect(200)).body.csrfToken;
  // A real session of the member's, which a forged DELETE would end.
  params.sessionId = (await member.visitor.get('/api/me/sessions').expect(200)).body[0].sessionId;
  // Another member, whom a forged PUT would disable.
  params.userId = (await signedUpVisitor(site)).user.userId;
  // No passkey without an authenticator: a forged call must be refused before the id is even looked up.
  params.passkeyId = randomUUID();
}, 120_000);
afterAll(() => site.close());

/** A body the route's schema accepts, the same on every run. */
function validBody(schema: (typeof mutatingRoutes)[number]['body']): unknown {
  if (!schema) return undefined;
  return fc.sample(
    arbitraryFor(schema).filter((v) => schema.safeParse(v).success),
    { numRuns: 1, seed: 29 },
  )[0];
}

function urlOf(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for the path parameter :${name} of ${path}`);
    return value;
  });
}

describe(`CSRF matrix: every mutating route x forged request (${databaseKind})`, () => {
  const count = mutatingRoutes.length * Object.keys(cells).length;

  it(`refuses each of the ${count} forged requests with 403 csrf, changing nothing`, async () => {
    const wrong: string[] = [];
    for (const route of mutatingRoutes) {
      const url = urlOf(route.path);
      const body = validBody(route.body);
      const before = await databaseFingerprint(site.deps.db);
      for (const [name, forge] of Object.entries(cells)) {
        const req = forge(route.method, url);
        const res = await (body === undefined ? req : req.send(body as object));
        if (res.status !== 403 || res.body?.error?.code !== 'csrf')
          wrong.push(`${route.key} as ${name}: ${res.status} ${res.text.slice(0, 120)}`);
      }
      const after = await databaseFingerprint(site.deps.db);
      for (const table of Object.keys(before))
        if (after[table] !== before[table]) wrong.push(`${route.key} changed the table ${table}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('guards /api paths beyond the contract too', async () => {
    const res = await sessions.member.agent.post('/api/no-such-route').send({});
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('csrf');
  });

  it('lets the same request through with the right token (the refusals above are the token’s doing)', async () => {
    const res = await sessions.member.post('/api/photo-albums', { name: 'Allowed' });
    expect(res.status).toBe(200);
  });

  it('needs no token for signed blob URLs: the URL is the capability, and cookies add nothing to it', async () => {
    // The upload PUTs carry no cookie-based authority, so a forged cross-site PUT holds nothing a token would
    // guard: without the URL's signature the member's cookies get a 403, and with it no cookie is needed.
    const [, url] = await reserveUpload(sessions.member, params.photoAlbumId!, 3);
    const unsigned = url.split('?')[0]!;
    const refused = await sessions.member.agent.put(unsigned).set('Content-Type', 'image/jpeg').send('abc');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    await request(site.app).put(url).set('Content-Type', 'image/jpeg').send('abc').expect(204);
  });
});
