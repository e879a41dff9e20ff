import type { AppDeps } from '../../deps.ts';

/** Records that a user opened an image (the latest time wins). */
export async function recordImageView(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  imageId: string,
): Promise<void> {
  const viewedAt = new Date();
  await db.imageView.upsert({
    where: { userId_imageId: { userId, imageId } },
    create: { userId, imageId, viewedAt },
    update: { viewedAt },
  });
}
