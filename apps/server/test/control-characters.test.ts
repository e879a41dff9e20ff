import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumOwner, uploadImage } from './albums-factories.ts';
import { databaseKind } from './database.ts';
import { createFolder } from './files-factories.ts';
import { startSite, type TestSite } from './support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe(`control characters in text fields (${databaseKind})`, () => {
  it('refuses a NUL byte in a display name, album name, description, comment or file name with 400', async () => {
    // The first account of the site, so it also holds the files permission.
    const {
      owner: { visitor },
      album,
    } = await albumOwner(site, 'Holidays');
    const image = await uploadImage(visitor, album.photoAlbumId);
    const folder = await createFolder(visitor, 'Docs');
    const base = `/api/photo-albums/${album.photoAlbumId}`;

    const attempts = [
      visitor.patch('/api/me/display-name', { displayName: 'Ada\u0000' }),
      visitor.post('/api/photo-albums', { name: 'Evil\u0000album' }),
      visitor.patch(base, { name: 'Renamed\u0000' }),
      visitor.patch(base, { description: 'Lovely\u0000days' }),
      visitor.post(`${base}/images/${image.imageId}/comments`, { comment: 'Nice\u0000' }),
      visitor.patch(`/api/files/${folder.nodeId}`, { tag: 'Rename', contents: 'a\u001bname' }),
      visitor.post('/api/files/create-directory', { name: 'bell\u0007', parentId: null }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    const me = (await visitor.get('/api/me')).body;
    expect(me.displayName).not.toContain('\u0000');
    const albums = (await visitor.get('/api/photo-albums')).body as { name: string; description: string }[];
    expect(albums.map((a) => [a.name, a.description])).toEqual([['Holidays', '']]);
    expect((await visitor.get(`${base}/images/${image.imageId}/comments`)).body).toEqual([]);
  });

  it('keeps line breaks and tabs in descriptions and comments', async () => {
    const {
      owner: { visitor },
      album,
    } = await albumOwner(site);
    const image = await uploadImage(visitor, album.photoAlbumId);
    const base = `/api/photo-albums/${album.photoAlbumId}`;
    await visitor.patch(base, { description: 'Day one\n\tthe beach' }).expect(200);
    await visitor
      .post(`${base}/images/${image.imageId}/comments`, { comment: 'Lovely!\nSo blue.' })
      .expect(200);
    expect((await visitor.get(base)).body.description).toBe('Day one\n\tthe beach');
  });
});
