import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoAlbum } from '@site/contract';
import { albumOwner, createAlbum, type Member, verifiedMember } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const share = (owner: Member, album: PhotoAlbum, emailAddress: string) =>
  owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress });

describe(`the daily limit on new invitees (${databaseKind})`, () => {
  it('answers 429 past 20 new addresses a day, keeping the shares made before it', async () => {
    const { owner, album } = await albumOwner(site, 'Party');
    const addresses = Array.from({ length: 21 }, (_, i) => `guest${i}-${owner.user.userId}@example.com`);
    for (const address of addresses.slice(0, 20)) await share(owner, album, address).expect(200);

    const refused = await share(owner, album, addresses[20]!).expect(429);
    expect(refused.body.error.message).toMatch(/at most 20 new addresses a day/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const listed = (await owner.visitor.get(`/api/photo-albums/${album.photoAlbumId}/share`).expect(200))
      .body;
    expect(listed).toEqual(addresses.slice(0, 20));
    const invited = await site.deps.db.job.count({
      where: { kind: 'album-shared', payload: { path: ['albumId'], equals: album.photoAlbumId } },
    });
    expect(invited).toBe(20);

    // Someone already invited is no new address: another album may still be shared with them.
    const second = await createAlbum(owner.visitor, 'Picnic');
    await share(owner, second, addresses[0]!).expect(200);
    // The limit is the member's own: another member shares as usual.
    const other = await verifiedMember(site);
    await share(other, await createAlbum(other.visitor), addresses[20]!).expect(200);
  });
});
