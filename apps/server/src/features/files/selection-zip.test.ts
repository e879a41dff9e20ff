import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor, siteAdmin } from '../../../test/factories.ts';
import { createFolder, filesMember, uploadFile } from '../../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { unzip } from '../../../test/unzip.ts';

let site: TestSite;
let owner: Visitor;
beforeAll(async () => {
  site = await startSite();
  await siteAdmin(site);
  owner = (await filesMember(site)).visitor;
});
afterAll(() => site.close());

/** GETs the zip of `ids` as a link does (session cookie only). */
const zipOf = (v: Visitor, ids: string[]) =>
  v.get(`/api/files/zip?ids=${ids.join(',')}`).responseType('blob');

describe(`GET /api/files/zip (${databaseKind})`, () => {
  it('should zip chosen files and folders side by side, folders with what they hold, clashing names numbered', async () => {
    const trip = await createFolder(owner, 'Trip');
    await createFolder(owner, 'Empty', trip.nodeId);
    await uploadFile(owner, { name: 'plan.txt', bytes: Buffer.from('inside'), parentId: trip.nodeId });
    const top = await uploadFile(owner, { name: 'plan.txt', bytes: Buffer.from('top') });
    const other = await createFolder(owner, 'Other');
    const deep = await uploadFile(owner, {
      name: 'plan.txt',
      bytes: Buffer.from('other'),
      parentId: other.nodeId,
    });

    const res = await zipOf(owner, [trip.nodeId, top.nodeId, deep.nodeId]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?Files\.zip"?$/);
    const entries = await unzip(res.body as Buffer);
    expect([...entries.keys()]).toEqual([
      'Trip/',
      'Trip/Empty/',
      'Trip/plan.txt',
      'plan.txt',
      'plan (2).txt',
    ]);
    expect(entries.get('Trip/plan.txt')?.toString()).toBe('inside');
    expect(entries.get('plan.txt')?.toString()).toBe('top');
    expect(entries.get('plan (2).txt')?.toString()).toBe('other');
  });

  it('should answer 404 when any id is not a live node of the caller, whoever holds it', async () => {
    const mine = await uploadFile(owner, { name: 'mine.txt', bytes: Buffer.from('mine') });
    const stranger = (await filesMember(site)).visitor;
    const theirs = await uploadFile(stranger, { name: 'theirs.txt', bytes: Buffer.from('theirs') });
    const trashed = await uploadFile(owner, { name: 'gone.txt', bytes: Buffer.from('gone') });
    await owner.delete(`/api/files/${trashed.nodeId}`).expect(204);

    for (const ids of [[mine.nodeId, theirs.nodeId], [mine.nodeId, trashed.nodeId], [randomUUID()]]) {
      expect((await zipOf(owner, ids)).status).toBe(404);
    }
  });

  it('should answer 400 for a missing, malformed or too long list of ids', async () => {
    const many = Array.from({ length: 201 }, () => randomUUID());
    for (const url of [
      '/api/files/zip',
      '/api/files/zip?ids=',
      '/api/files/zip?ids=nope',
      `/api/files/zip?ids=${many.join(',')}`,
    ]) {
      const res = await owner.get(url);
      expect(res.status, url).toBe(400);
    }
  });

  it('should answer 401 to a visitor and 403 to a member without the files permission', async () => {
    expect((await (await site.visitor()).get(`/api/files/zip?ids=${randomUUID()}`)).status).toBe(401);
    const member = (await signedUpVisitor(site)).visitor;
    expect((await member.get(`/api/files/zip?ids=${randomUUID()}`)).status).toBe(403);
  });
});
