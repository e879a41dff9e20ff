import { blobSelect, blobsOf, heldKeysSql } from '../../db/blob-columns.ts';
import type { Prisma } from '../../db/generated/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import { enqueueBlobDeletion } from '../../storage/delete-blobs.ts';
import { chargeStorage } from '../../storage/usage.ts';
import { lastAdminCannotLeave, lockEnabledAdmins } from '../admin/enabled-admins.ts';
import { lockAlbumImages } from '../albums/ranks.ts';
import { proveOwner, type Caller, type Proof } from '../security/proof.ts';

type Tx = Prisma.TransactionClient;

/** Blob keys per delete-blobs job, so that no job's payload grows with the size of an account. */
const keysPerJob = 1000;

/**
 * Deletes the caller's account once `proveOwner` is satisfied, in one transaction: every session ends (the rows
 * cascade), the albums they own go with their photos, shares and everyone's comments on them, shares made to
 * their address go (so whoever signs up with it next inherits nothing), the photos they added to others' albums
 * go (the others' ranks closing up), and so do the comments they wrote anywhere: a member who leaves expects what
 * they wrote to leave with them. Bytes of other members' photos in their albums are freed from those members'
 * storage. Every blob is queued for deletion. The only admin who can sign in is refused, so the site keeps one.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'passwords' | 'config'>,
  caller: Caller,
  proof: Proof,
): Promise<void> {
  const { email } = await proveOwner(deps, caller, proof);
  const { userId } = caller;
  await deps.db.$transaction(async (tx) => {
    // The admins first, as setDisabled locks them, so two admins leaving at once wait rather than deadlock.
    await refuseLastAdmin(tx, userId);
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE id = ${userId}::uuid FOR UPDATE`;
    const keys = (await tx.$queryRaw<{ key: string }[]>(heldKeysSql(userId))).map((row) => row.key);
    keys.push(...(await freeOthersInOwnAlbums(tx, userId)));
    const multipart = (
      await tx.pendingUpload.findMany({
        where: { ownerId: userId, multipartId: { not: null } },
        select: { id: true, multipartId: true },
      })
    ).map((u) => ({ key: u.id, multipartId: u.multipartId! }));

    await removeContributions(tx, userId);
    await tx.photoAlbum.deleteMany({ where: { ownerId: userId } });
    await tx.albumShare.deleteMany({ where: { email } });
    await tx.signInLink.deleteMany({ where: { email } });
    await tx.user.delete({ where: { id: userId } });

    for (let i = 0; i < Math.max(keys.length, 1); i += keysPerJob) {
      await enqueueBlobDeletion(tx, keys.slice(i, i + keysPerJob), i === 0 ? multipart : []);
    }
    await enqueue(tx, 'account-notice', {
      to: email,
      subject: 'Your account was deleted',
      lines: [
        'Your account and everything in it were deleted, as you asked. Albums you shared are no longer shared.',
        'You can sign up again with this address at any time; nothing of the old account comes back.',
      ],
      action: { label: 'Visit the site', path: '/' },
    });
  });
}

/** 409 when `userId` is the site's only admin who can sign in (`lockEnabledAdmins`). */
async function refuseLastAdmin(tx: Tx, userId: string) {
  const admins = await lockEnabledAdmins(tx);
  if (admins.length === 1 && admins[0] === userId) throw new AppError('conflict', lastAdminCannotLeave);
}

/**
 * Frees the bytes of photos other members added to the leaving member's albums from those members' storage;
 * answers their blob keys.
 */
async function freeOthersInOwnAlbums(tx: Tx, userId: string): Promise<string[]> {
  const images = await tx.image.findMany({
    where: { album: { ownerId: userId }, addedById: { not: userId } },
    select: { ...blobSelect('Image'), addedById: true },
  });
  const keys: string[] = [];
  for (const holder of new Set(images.map((image) => image.addedById!))) {
    const blobs = blobsOf(
      'Image',
      images.filter((image) => image.addedById === holder),
    );
    await chargeStorage(tx, holder, -blobs.bytes);
    keys.push(...blobs.keys);
  }
  return keys;
}

/**
 * Deletes the photos `userId` added to other members' albums; the live ones left in each such album are ranked
 * 0, 1, 2… again in their order. Their bytes are the leaving member's, among `heldKeysSql`.
 */
async function removeContributions(tx: Tx, userId: string) {
  const added = await tx.image.findMany({
    where: { addedById: userId, album: { ownerId: { not: userId } } },
    select: { albumId: true },
    distinct: ['albumId'],
  });
  for (const { albumId } of added) {
    await lockAlbumImages(tx, albumId);
    await tx.image.deleteMany({ where: { albumId, addedById: userId } });
    await tx.$executeRaw`
      UPDATE "Image" i SET rank = r.n - 1
      FROM (SELECT id, row_number() OVER (ORDER BY rank, id) AS n
            FROM "Image" WHERE "albumId" = ${albumId}::uuid AND rank >= 0) r
      WHERE i.id = r.id AND i.rank <> r.n - 1`;
  }
  // Photos of theirs in their own albums go with the albums; any other left would block the user's deletion.
  await tx.image.deleteMany({ where: { addedById: userId } });
}
