import { albumOwner, type Member } from './albums-factories.ts';
import { uniqueEmail } from './factories.ts';
import type { TestSite, Visitor } from './support.ts';

/** The first link in the newest mail to `to` whose link path starts with `prefix` ("/sign-in/"): its token. */
export async function linkTokenTo(site: TestSite, to: string, prefix: string): Promise<string> {
  const link = (await site.mailsTo(to))
    .flatMap((m) => m.links)
    .filter((l) => l.includes(prefix))
    .at(-1);
  if (!link) throw new Error(`no ${prefix} link mailed to ${to}`);
  return link.split(prefix)[1]!;
}

/**
 * Someone an album was shared with, signed in by opening the invitation: an account without a password, in a
 * session begun from the mailbox. Answers them, their address, the album and its owner.
 */
export async function invitedMember(
  site: TestSite,
): Promise<{ visitor: Visitor; email: string; albumId: string; owner: Member }> {
  const { owner, album } = await albumOwner(site, 'Garden');
  const email = uniqueEmail('invited');
  await owner.visitor
    .post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: email })
    .expect(200);
  const visitor = await site.visitor();
  const token = await linkTokenTo(site, email, '/invitation/');
  await visitor.post('/api/sign-in-link/follow', { token }).expect(200);
  return { visitor, email, albumId: album.photoAlbumId, owner };
}
