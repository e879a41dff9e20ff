import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, uploadImage, verifiedMember, type Member } from './albums-factories.ts';
import { databaseKind } from './database.ts';
import { createFolder, putUpload } from './files-factories.ts';
import { startSite, type TestSite } from './support.ts';

/** Right-to-left override: `${rlo}gpj.exe` shows as `exe.jpg`. */
const rlo = '\u202e';
/** Every invisible or direction-changing character the names keep out. */
const invisibles = [
  '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069',
  '\u200e', '\u200f', '\u061c', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff',
]; // prettier-ignore
const family = '👨‍👩‍👧';
const refusal = 'must not contain invisible or direction-changing characters';

let site: TestSite;
let member: Member; // the first account, so it holds the files permission
beforeAll(async () => {
  site = await startSite();
  member = await verifiedMember(site);
});
afterAll(() => site.close());

describe(`invisible and direction-changing characters in names (${databaseKind})`, () => {
  it('drops them from a new album name, keeping an emoji family whole', async () => {
    const res = await member.visitor.post('/api/photo-albums', {
      name: `${family} Sum${invisibles.join('')}mer`,
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(`${family} Summer`);
  });

  it('drops them from an album rename, and refuses a name made of nothing else', async () => {
    const album = await createAlbum(member.visitor, 'Kept');
    const url = `/api/photo-albums/${album.photoAlbumId}`;
    expect((await member.visitor.patch(url, { name: `${rlo}gpj.exe` }).expect(200)).body.name).toBe(
      'gpj.exe',
    );
    const empty = await member.visitor.patch(url, { name: ` ${invisibles.join('')} ` }).expect(400);
    expect(empty.body.error.message).toBe('body.name: Must not be empty');
    expect((await member.visitor.get(url)).body.name).toBe('gpj.exe');
  });

  it("drops them from a display name, and so from the name on the member's comments", async () => {
    const stored = await member.visitor.patch('/api/me/display-name', { displayName: `A${rlo}da\u200b` });
    expect(stored.body.displayName).toBe('Ada');
    const album = await createAlbum(member.visitor);
    const image = await uploadImage(member.visitor, album.photoAlbumId);
    const comments = `/api/photo-albums/${album.photoAlbumId}/images/${image.imageId}/comments`;
    await member.visitor.post(comments, { comment: 'Nice' }).expect(200);
    expect(
      (await member.visitor.get(comments)).body.map((c: { displayName: string }) => c.displayName),
    ).toEqual(['Ada']);
  });

  it('refuses them in a new folder name with 400, creating nothing', async () => {
    const before = await site.deps.db.fileNode.count();
    for (const char of invisibles) {
      const res = await member.visitor.post('/api/files/create-directory', {
        name: `Do${char}cs`,
        parentId: null,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(`body.name: ${refusal}`);
    }
    expect(await site.deps.db.fileNode.count()).toBe(before);
    await member.visitor.post('/api/files/create-directory', { name: 'Docs', parentId: null }).expect(200);
  });

  it('refuses them in a rename of a file or folder, which keeps its name', async () => {
    const folder = await createFolder(member.visitor, 'Letters');
    const res = await member.visitor.patch(`/api/files/${folder.nodeId}`, {
      tag: 'Rename',
      contents: `${rlo}gpj.exe`,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`body.contents: ${refusal}`);
    const roots = (await member.visitor.get('/api/files')).body as { nodeId: string; name: string }[];
    expect(roots.find((n) => n.nodeId === folder.nodeId)?.name).toBe('Letters');
  });

  it('refuses them in the name of an uploaded file, which stays an upload', async () => {
    const bytes = Buffer.from('MZ');
    const { uploadId } = await putUpload(member.visitor, bytes);
    const file = { name: `photo${rlo}gpj.exe`, mimeType: 'image/jpeg', size: 2, parentId: null, uploadId };
    const res = await member.visitor.post('/api/files/create-file', file);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`body.name: ${refusal}`);
    await member.visitor.post('/api/files/create-file', { ...file, name: 'photo.exe' }).expect(200);
  });
});
