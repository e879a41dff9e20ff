import type { Page } from 'playwright-core';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPasswords } from '../../server/src/auth/password.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { LocalBlobStore } from '../../server/src/storage/local-blob-store.ts';
import { startOwnSite } from './own-site.ts';

/** The member of a big-folder site and their password. */
export const bigFolderMember = { emailAddress: 'big@example.com', password: 'a big folder passphrase' };

/** Logs the page in as the big folder's member through the log-in form, at the site `url`. */
export async function logInAsBigFolderMember(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(bigFolderMember.emailAddress);
  await page.getByLabel('Password').fill(bigFolderMember.password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((address) => address.pathname === '/');
}

/**
 * A site of its own (the production build, PGlite in a throwaway DATA_DIR) whose one member owns the root
 * folders "Big folder", holding `children` files named "item 1" to "item <children>", and "Small folder" with
 * 30. The rows are written straight into the database before the server starts: through the API, 30,000 would
 * take minutes. Their bytes are in the store only when `stored` (file n holds n bytes), as a download needs them.
 */
export async function bigFolderSite(children: number, { stored = false } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-big-folder-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    const db = database.prisma;
    const user = await db.user.create({
      data: {
        email: bigFolderMember.emailAddress,
        passwordHash: await createPasswords(4).hash(bigFolderMember.password),
        emailVerifiedAt: new Date(),
        permissions: { create: [{ permission: 'files' }] },
      },
    });
    for (const [name, count] of [
      ['Big folder', children],
      ['Small folder', 30],
    ] as const) {
      // Sizes 1..count bytes, so the folder holds their sum.
      const folder = await db.fileNode.create({
        data: { ownerId: user.id, name, isDirectory: true, size: (count * (count + 1)) / 2 },
      });
      await db.$executeRaw`
        INSERT INTO "FileNode" (id, "ownerId", "parentId", name, "isDirectory", size, "mimeType", "blobKey")
        SELECT gen_random_uuid(), ${user.id}::uuid, ${folder.id}::uuid, 'item ' || n, false, n, 'text/plain',
               CASE WHEN ${stored} THEN gen_random_uuid()::text ELSE 'missing/' || n END
        FROM generate_series(1, ${count}::int) AS n`;
    }
    if (stored) {
      const blobs = new LocalBlobStore(path.join(dataDir, 'blobs'), 'only written here');
      const files = await db.fileNode.findMany({ where: { ownerId: user.id, isDirectory: false } });
      for (const file of files) await blobs.write(file.blobKey!, Buffer.alloc(Number(file.size), 'x'));
    }
  } finally {
    await database.close();
  }

  return startOwnSite(dataDir);
}
