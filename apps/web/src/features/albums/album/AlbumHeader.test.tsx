// @vitest-environment jsdom
import { contract, type PhotoAlbum, type ShareRoles } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { AlbumHeader } from './AlbumHeader.tsx';

const album: PhotoAlbum = {
  photoAlbumId: '0b6a3f1e-5d2c-4a8b-9e7f-3c1d2b4a5e6f',
  ownerId: '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69',
  name: 'Party',
  description: '',
  thumbnailId: null,
  isEmpty: true,
  rank: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  order: 'manual',
  role: 'owner',
  allowOriginals: false,
};
afterEach(cleanup);

/** Chooses the album's Share action, after the page knows whom the album is shared with or before. */
async function chooseShare(shares: ShareRoles, { beforeTheyCome = false } = {}) {
  const api = stubApi();
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  api.on(contract.albums.shareRoles, async () => {
    if (beforeTheyCome) await answered;
    return { status: 200, body: shares };
  });
  const view = renderScreen(<AlbumHeader album={album} isOwner verified />);
  await expect.poll(() => api.sentTo(contract.albums.shareRoles).length).toBe(1);
  if (!beforeTheyCome) await expect.poll(() => view.queryClient.isFetching()).toBe(0);
  screen.getByRole('button', { name: 'Album actions' }).focus();
  await view.user.keyboard('{Enter}');
  await view.user.click(await screen.findByRole('menuitem', { name: 'Share' }));
  answer();
}

describe("the album's Share action", () => {
  it("goes straight to 'Share with' while the album is shared with nobody", async () => {
    await chooseShare([]);
    expect(await screen.findByRole('dialog', { name: 'Share with' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Sharing Settings' })).toBeNull();
  });

  it("waits for the share list when Share is chosen before it came, then goes straight to 'Share with'", async () => {
    await chooseShare([], { beforeTheyCome: true });
    expect(await screen.findByRole('dialog', { name: 'Share with' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Sharing Settings' })).toBeNull();
  });

  it("opens 'Sharing Settings' once the album is shared with someone", async () => {
    await chooseShare([{ emailAddress: 'ann@example.com', role: 'viewer' }]);
    expect(await screen.findByRole('dialog', { name: 'Sharing Settings' })).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
  });
});
