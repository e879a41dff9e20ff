import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, unknownId, verifiedMember } from '../../test/albums-factories.ts';
import { signedUpVisitor, uniqueEmail } from '../../test/factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { buildOpenApiDocument } from './openapi.ts';

type Operations = Record<string, Record<string, { responses: Record<string, unknown> }>>;

/** Failures of the server or its disk, which a test cannot cause on demand: the rest of a list it can. */
const notProvoked = new Set([500, 503, 507]);

/** The error statuses the OpenAPI document lists for one operation, besides those `notProvoked`. */
function listedErrors(method: string, path: string): number[] {
  const operation = (buildOpenApiDocument().paths as Operations)[path]?.[method];
  if (!operation) throw new Error(`no ${method} ${path} in the document`);
  return Object.keys(operation.responses)
    .map(Number)
    .filter((status) => status >= 400 && !notProvoked.has(status))
    .sort();
}

const sorted = (statuses: number[]) => [...new Set(statuses)].sort();

describe('error answers listed per operation in the OpenAPI document', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site.close());

  it('should list for GET /api/me only the 401 a visitor gets', async () => {
    const visitor = await site.visitor();
    const answered = [(await visitor.get('/api/me')).status];
    expect(listedErrors('get', '/api/me')).toEqual(sorted(answered));
  });

  it('should list for creating an album the 400, 401, 403 and 413 it answers', async () => {
    const { visitor } = await signedUpVisitor(site);
    const answered = [
      (await visitor.post('/api/photo-albums', { name: '' })).status,
      (await (await site.visitor()).post('/api/photo-albums', { name: 'Mine' })).status,
      (await visitor.agent.post('/api/photo-albums').send({ name: 'No CSRF header' })).status,
      (await visitor.post('/api/photo-albums', { name: 'x'.repeat(2 * 1024 * 1024) })).status,
    ];
    expect(answered).toEqual([400, 401, 403, 413]);
    expect(listedErrors('post', '/api/photo-albums')).toEqual(sorted(answered));
  });

  it("should list for reading an album the 400, 401, 403 and 404 it answers, and no change's errors", async () => {
    const owner = await verifiedMember(site);
    const album = await createAlbum(owner.visitor);
    const unverified = await signedUpVisitor(site);
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: unverified.user.emailAddress })
      .expect(200);
    const answered = [
      (await owner.visitor.get('/api/photo-albums/not-an-id')).status,
      (await (await site.visitor()).get(`/api/photo-albums/${album.photoAlbumId}`)).status,
      (await unverified.visitor.get(`/api/photo-albums/${album.photoAlbumId}`)).status,
      (await owner.visitor.get(`/api/photo-albums/${unknownId}`)).status,
    ];
    expect(answered).toEqual([400, 401, 403, 404]);
    expect(listedErrors('get', '/api/photo-albums/{photoAlbumId}')).toEqual(sorted(answered));
  });

  it('should list for logging in the 400, 403, 413 and 429 it answers, and no 401', async () => {
    const visitor = await site.visitor();
    const answered = [
      (await visitor.post('/api/login', { emailAddress: 'not an address', password: 'x' })).status,
      (await visitor.agent.post('/api/login').send({ emailAddress: uniqueEmail(), password: 'x' })).status,
      (await visitor.post('/api/login', { emailAddress: uniqueEmail(), password: 'x'.repeat(2 ** 21) }))
        .status,
    ];
    // A client's 31st failure in the window is refused; the fixed 15-minute window may turn once meanwhile.
    let last = 0;
    for (let i = 0; i < 61 && last !== 429; i++)
      last = (await visitor.post('/api/login', { emailAddress: uniqueEmail(), password: 'wrong' })).status;
    answered.push(last);
    expect(answered).toEqual([400, 403, 413, 429]);
    expect(listedErrors('post', '/api/login')).toEqual(sorted(answered));
  });
});
