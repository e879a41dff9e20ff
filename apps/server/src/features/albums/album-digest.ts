import type { JobDeps } from '../../jobs/deps.ts';
import { linkMail } from '../../mail/templates.ts';
import { readTallyKey, type DigestKey, type Tally } from '../../notifications/digest-queue.ts';
import type { NotificationType } from '../../notifications/types.ts';
import { albumRoleSql, roleMaySql, userRowSql } from './album-role.ts';
import { nameOf, oneLine } from './mail-text.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Ada", "Ada and Bob", "Ada, Bob and Cy". */
const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** "3 photos", "1 video", "3 photos and 1 video". */
const photosAndVideos = ({ count, videos }: { count: number; videos: number }) =>
  [
    count > videos && plural(count - videos, 'photo', 'photos'),
    videos > 0 && plural(videos, 'video', 'videos'),
  ]
    .filter(Boolean)
    .join(' and ');

interface Told {
  /** Each member's name and how many events they caused (of which `videos` were videos added), most first. */
  actors: { name: string; count: number; videos: number }[];
  album: string;
  total: number;
}

/** Subject and one line per member, for each notification type that is batched. */
const texts: Partial<Record<NotificationType, (t: Told) => { subject: string; lines: string[] }>> = {
  album_photos_added: ({ actors, album }) => ({
    subject:
      actors.length === 1
        ? `${actors[0]!.name} added ${photosAndVideos(actors[0]!)} to ${album}`
        : `New ${actors.some((a) => a.videos > 0) ? 'photos and videos' : 'photos'} in ${album}`,
    lines: actors.map((a) => `${a.name} added ${photosAndVideos(a)} to "${album}".`),
  }),
  comment_on_my_photo: ({ actors, album, total }) => ({
    subject:
      total === 1
        ? `${actors[0]!.name} commented on a photo in your album ${album}`
        : `${listed(actors.map((a) => a.name))} wrote ${total} comments in your album ${album}`,
    lines: actors.map((a) => `${a.name} wrote ${plural(a.count, 'comment', 'comments')} in "${album}".`),
  }),
  comment_after_mine: ({ actors, album, total }) => ({
    subject:
      total === 1
        ? `${actors[0]!.name} also commented on a photo in ${album}`
        : `${listed(actors.map((a) => a.name))} wrote ${total} comments on photos you commented on in ${album}`,
    lines: actors.map((a) => `${a.name} wrote ${plural(a.count, 'comment', 'comments')} in "${album}".`),
  }),
};

/**
 * The digest job: mails the recipient what the tally holds, if it is due, they may still view the album and have
 * not turned the type off, then takes what it told off the tally (events that came meanwhile stay for the next
 * digest, whose job they made). Run twice, the second finds nothing due.
 */
export async function sendAlbumDigest({ db, mailer, config }: JobDeps, key: DigestKey): Promise<void> {
  const where = { recipientId_albumId_type: key };
  const digest = await db.noticeDigest.findUnique({ where });
  const told = (digest?.pending ?? {}) as Tally;
  const total = Object.values(told).reduce((sum, n) => sum + n, 0);
  // Pushed back since this job was made: the job that pushed it sends it.
  if (!digest || total === 0 || digest.dueAt > new Date()) return;

  const [reader] = await db.$queryRaw<{ email: string; album: string }[]>`
    SELECT u.email, a.name AS album FROM "PhotoAlbum" a JOIN "User" u ON u.id = ${key.recipientId}::uuid
    WHERE a.id = ${key.albumId}::uuid AND ${roleMaySql(albumRoleSql(userRowSql('u')), 'view')}`;
  const muted = await db.disabledNotification.findUnique({
    where: { userId_type: { userId: key.recipientId, type: key.type } },
  });
  const text = texts[key.type];
  const sent = reader && !muted && text;
  if (sent) {
    const counts = new Map<string, { count: number; videos: number }>();
    for (const [key, n] of Object.entries(told)) {
      const { actorId, video } = readTallyKey(key);
      const c = counts.get(actorId) ?? { count: 0, videos: 0 };
      counts.set(actorId, { count: c.count + n, videos: c.videos + (video ? n : 0) });
    }
    const users = await db.user.findMany({
      where: { id: { in: [...counts.keys()] } },
      select: { id: true, email: true, displayName: true },
    });
    const actors = users
      .map((u) => ({ name: nameOf(u), ...(counts.get(u.id) ?? { count: 0, videos: 0 }) }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    const { subject, lines } = text({ actors, album: oneLine(reader.album), total });
    await mailer.send(
      linkMail(reader.email, subject, lines, {
        label: digest.imageId ? 'See the photo' : 'Open the album',
        url: `${config.publicUrl}/albums/${key.albumId}${digest.imageId ? `/${digest.imageId}` : ''}`,
      }),
    );
  }

  await db.$transaction(async (tx) => {
    const [now] = await tx.$queryRaw<{ pending: Tally }[]>`
      SELECT "pending" FROM "NoticeDigest"
      WHERE "recipientId" = ${key.recipientId}::uuid AND "albumId" = ${key.albumId}::uuid AND "type" = ${key.type}
      FOR UPDATE`;
    if (!now) return;
    const left: Tally = {};
    for (const [actor, n] of Object.entries(now.pending)) {
      if (n > (told[actor] ?? 0)) left[actor] = n - (told[actor] ?? 0);
    }
    await tx.noticeDigest.update({
      where,
      data: {
        pending: left,
        ...(Object.keys(left).length === 0 ? { imageId: null } : {}),
        ...(sent ? { lastSentAt: new Date() } : {}),
      },
    });
  });
}
