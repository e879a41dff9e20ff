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

type Db = Awaited<ReturnType<typeof openDatabase>>['prisma'];

/**
 * A site of its own (the production build, PGlite in a throwaway DATA_DIR) with one verified `member` (holding
 * `permissions`), whose rows and blobs `seed` writes straight into the database and the local store before the
 * server starts: through the API, tens of thousands would take minutes. Answers the site and what `seed` answered.
 */
export async function seededSite<T>(
  member: { emailAddress: string; password: string },
  permissions: string[],
  seed: (db: Db, userId: string, blobs: LocalBlobStore) => Promise<T>,
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-seeded-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  let seeded: T;
  try {
    const user = await database.prisma.user.create({
      data: {
        email: member.emailAddress,
        passwordHash: await createPasswords(4).hash(member.password),
        emailVerifiedAt: new Date(),
        permissions: { create: permissions.map((permission) => ({ permission })) },
      },
    });
    const blobs = new LocalBlobStore(path.join(dataDir, 'blobs'), 'only written here');
    seeded = await seed(database.prisma, user.id, blobs);
  } finally {
    await database.close();
  }
  return { ...(await startOwnSite(dataDir)), seeded };
}

/**
 * A site whose one member owns the root folders "Big folder", holding `children` files named "item 1" to
 * "item <children>", and "Small folder" with 30. Their bytes are in the store only when `stored` (file n holds n
 * bytes), as a download needs them.
 */
export function bigFolderSite(children: number, { stored = false } = {}) {
  return seededSite(bigFolderMember, ['files'], async (db, userId, blobs) => {
    for (const [name, count] of [
      ['Big folder', children],
      ['Small folder', 30],
    ] as const) {
      // Sizes 1..count bytes, so the folder holds their sum.
      const folder = await db.fileNode.create({
        data: { ownerId: userId, name, isDirectory: true, size: (count * (count + 1)) / 2 },
      });
      await db.$executeRaw`
        INSERT INTO "FileNode" (id, "ownerId", "parentId", name, "isDirectory", size, "mimeType", "blobKey")
        SELECT gen_random_uuid(), ${userId}::uuid, ${folder.id}::uuid, 'item ' || n, false, n, 'text/plain',
               CASE WHEN ${stored} THEN gen_random_uuid()::text ELSE 'missing/' || n END
        FROM generate_series(1, ${count}::int) AS n`;
    }
    if (stored) {
      const files = await db.fileNode.findMany({ where: { ownerId: userId, isDirectory: false } });
      for (const file of files) await blobs.write(file.blobKey!, Buffer.alloc(Number(file.size), 'x'));
    }
  });
}
