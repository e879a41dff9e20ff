import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes, uploadImage, verifiedMember } from '../../test/albums-factories.ts';
import { defaultPassword } from '../../test/factories.ts';
import { filesMember, uploadFile } from '../../test/files-factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { damagedCopy } from '../../test/backup-archives.ts';
import { archiveEntries } from '../backups/archive-format.ts';
import { writeBackupStatus } from '../backups/status.ts';
import { openDatabase } from '../db/database.ts';

const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
const cli = path.resolve(import.meta.dirname, 'admin.ts');

async function admin(dataDir: string, ...args: string[]) {
  try {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' };
    const { stdout } = await run(tsx, [cli, ...args], { env });
    return { code: 0, out: stdout.trim() };
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, out: err.stderr.trim() };
  }
}

/** The real app over an embedded installation in `dataDir` (PGlite folder, local blobs), as the server runs. */
const siteIn = (dataDir: string) =>
  startSite({}, { dataDir, openDatabase: () => openDatabase({ pgliteDir: path.join(dataDir, 'db') }) });

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Everything a user would miss, read through the API and straight from the tables. */
async function contentsOf(site: TestSite, emailAddress: string) {
  const visitor = await site.visitor();
  expect(
    (await visitor.post('/api/login', { emailAddress, password: defaultPassword }).expect(200)).body,
  ).toBe(true);
  const albums = (await visitor.get('/api/photo-albums').expect(200)).body as { photoAlbumId: string }[];
  const images = [];
  for (const album of albums) {
    const list = (await visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`).expect(200)).body as {
      imageId: string;
    }[];
    for (const image of list) {
      const comments = (
        await visitor
          .get(`/api/photo-albums/${album.photoAlbumId}/images/${image.imageId}/comments`)
          .expect(200)
      ).body as unknown[];
      images.push({ image, comments });
    }
  }
  const db = site.deps.db;
  const files = await db.fileNode.findMany({ orderBy: { id: 'asc' } });
  const fileBytes: Record<string, string> = {};
  for (const node of files.filter((f) => !f.isDirectory)) {
    const { url } = (await visitor.get(`/api/files/${node.id}/download`).expect(200)).body as { url: string };
    fileBytes[node.id] = sha((await visitor.agent.get(url).responseType('blob').expect(200)).body as Buffer);
  }
  const imageBytes: Record<string, string> = {};
  for (const row of await db.image.findMany()) {
    for (const key of [row.id, row.thumbnailId!])
      imageBytes[key] = sha(await streamToBuffer(await site.deps.blobs.read(key)));
  }
  return {
    albums,
    images,
    files: files.map((f) => ({ ...f, size: Number(f.size) })),
    fileBytes,
    imageBytes,
    users: await db.user.findMany({ orderBy: { id: 'asc' } }),
    comments: await db.imageComment.findMany({ orderBy: { id: 'asc' } }),
    shares: await db.albumShare.findMany({ orderBy: { albumId: 'asc' } }),
  };
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

// Each CLI run opens PGlite in a process of its own: seconds each, more on a busy machine.
describe('pnpm admin backup and restore (embedded database and local blobs)', { timeout: 240_000 }, () => {
  let work: string;
  let original: string;
  let archive: string;
  let member: string;
  let before: Awaited<ReturnType<typeof contentsOf>>;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'site-backup-test-'));
    original = path.join(work, 'original');
    archive = path.join(work, 'site.tar');
    const site = await siteIn(original);
    try {
      // The first account holds the files permission.
      const owner = await verifiedMember(site);
      member = owner.user.emailAddress;
      const album = (await owner.visitor.post('/api/photo-albums', { name: 'Summer' }).expect(200)).body;
      const image = await uploadImage(owner.visitor, album.photoAlbumId, 90);
      await uploadImage(owner.visitor, album.photoAlbumId, 200);
      await owner.visitor
        .post(`/api/photo-albums/${album.photoAlbumId}/images/${image.imageId}/comments`, {
          comment: 'Lovely',
        })
        .expect(200);
      await uploadFile(owner.visitor, {
        name: 'notes.txt',
        bytes: Buffer.from('the notes, byte for byte\n'),
      });
      await uploadFile(owner.visitor, {
        name: 'photo.jpg',
        bytes: await jpegBytes(40, 30),
        mimeType: 'image/jpeg',
      });
      await filesMember(site);
      before = await contentsOf(site, member);
    } finally {
      await site.close();
    }
  }, 240_000);
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('should refuse to back up while the site runs, and name its own newest backup', async () => {
    const open = await openDatabase({ pgliteDir: path.join(original, 'db') });
    const backups = path.join(original, 'backups');
    const at = '2026-11-27T03:00:00.000Z';
    try {
      const result = await admin(original, 'backup', archive);
      expect(result.code).toBe(1);
      expect(result.out).toBe(
        `The site is running (pid ${process.pid}); stop it first.\n` +
          `Meanwhile it backs itself up without stopping, daily into ${backups}: none is verified yet.`,
      );
      await mkdir(backups);
      await writeBackupStatus(backups, {
        lastAttempt: null,
        lastSuccess: { at, file: 'site-2026-11-27T03-00-00Z.tar', bytes: 1 },
      });
      expect((await admin(original, 'backup', archive)).out).toContain(
        `its newest verified backup is ${backups}/site-2026-11-27T03-00-00Z.tar (${at}).`,
      );
      expect(existsSync(archive)).toBe(false);
    } finally {
      await rm(backups, { recursive: true, force: true });
      await open.close();
    }
  });

  it('should restore into another folder the same users, albums, comments, files and bytes', async () => {
    expect(await admin(original, 'backup', archive)).toMatchObject({ code: 0 });
    const restored = path.join(work, 'restored');
    expect(await admin(restored, 'restore', archive)).toMatchObject({ code: 0 });
    const site = await siteIn(restored);
    try {
      const after = await contentsOf(site, member);
      expect(after.users.length).toBeGreaterThanOrEqual(2);
      expect(after.images).toHaveLength(2);
      expect(after.comments).toHaveLength(1);
      expect(Object.keys(after.fileBytes)).toHaveLength(2);
      expect(after).toEqual(before);
    } finally {
      await site.close();
    }
  });

  it('should refuse to restore into a folder that is not empty, and leave it as it was', async () => {
    const busy = path.join(work, 'busy');
    await mkdir(busy);
    await writeFile(path.join(busy, 'keep.txt'), 'mine');
    const result = await admin(busy, 'restore', archive);
    expect(result).toMatchObject({ code: 1 });
    expect(result.out).toMatch(/not empty/);
    expect(await readdir(busy)).toEqual(['keep.txt']);
  });

  it('should refuse a file that is not a backup, leaving the target empty', async () => {
    const bogus = path.join(work, 'bogus.tar');
    await writeFile(bogus, 'not a tar archive at all');
    const target = path.join(work, 'from-bogus');
    const result = await admin(target, 'restore', bogus);
    expect(result.code).toBe(1);
    expect(existsSync(target) ? await readdir(target) : []).toEqual([]);
  });

  it('should refuse an archive whose database part is damaged, leaving the target empty', async () => {
    expect(existsSync(archive)).toBe(true);
    const damaged = path.join(work, 'damaged.tar');
    await damagedCopy(archive, damaged, async (dir) => {
      const file = path.join(dir, archiveEntries.database);
      const bytes = await readFile(file);
      for (let i = 0; i < 64; i++) bytes[Math.floor(bytes.length / 2) + i]! ^= 0xff;
      await writeFile(file, bytes);
    });
    const target = path.join(work, 'from-damaged');
    const result = await admin(target, 'restore', damaged);
    // zlib names what it stumbled on first, which depends on the dump's bytes ("incorrect data check",
    // "invalid literal/lengths set", ...): any of them refuses the archive.
    expect(result.code).toBe(1);
    expect(result.out.startsWith(`${damaged} could not be restored: `)).toBe(true);
    expect(await readdir(target)).toEqual([]);
  });

  it('should explain its usage when the file is missing', async () => {
    expect((await admin(original, 'backup')).code).toBe(2);
    expect((await admin(original, 'restore')).code).toBe(2);
  });
});
