// @vitest-environment jsdom
import { contract, type Image, type PhotoAlbum } from '@site/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { aUser, renderScreen } from '../../../testing/render.tsx';
import { useAlbumSelection } from './useAlbumSelection.ts';
import { ImageGrid } from './ImageGrid.tsx';
import { PhotoSelection } from './PhotoSelection.tsx';

const me = aUser().userId;
const someoneElse = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const albumId = '0b6a3f1e-5d2c-4a8b-9e7f-3c1d2b4a5e6f';
const ids = [
  '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
  '4d5e6f7a-8b9c-4d0e-9f2a-3b4c5d6e7f8a',
];

const anAlbum = (change: Partial<PhotoAlbum> = {}): PhotoAlbum => ({
  photoAlbumId: albumId,
  ownerId: me,
  name: 'Summer',
  description: '',
  thumbnailId: null,
  isEmpty: true,
  rank: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  order: 'manual',
  role: 'owner',
  allowOriginals: false,
  ...change,
});

/** The first two photos are mine, the others someone else's. */
const images: Image[] = ids.map((imageId, rank) => ({
  imageId,
  photoAlbumId: albumId,
  thumbnailId: imageId,
  rank,
  renditionId: null,
  takenAt: null,
  original: null,
  video: null,
  addedBy: { userId: rank < 2 ? me : someoneElse, displayName: rank < 2 ? 'Ada' : 'Bea' },
}));

/** The album page's grid and selection bar, as AlbumPage puts them together; `total` past 4: pages not read. */
function AlbumPhotos({ album, total }: { album: PhotoAlbum; total: number }) {
  const selection = useAlbumSelection(ids, album.photoAlbumId, total);
  return (
    <>
      <PhotoSelection
        album={album}
        images={images}
        allRead={total === images.length}
        selection={selection}
        userId={me}
      />
      <ImageGrid
        photoAlbumId={album.photoAlbumId}
        images={images}
        total={total}
        more={total > images.length}
        readMore={() => {}}
        editable={false}
        canAdd={false}
        onFiles={() => {}}
        selection={selection}
      />
    </>
  );
}

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
  api.on(contract.albums.signedUrls, (keys) => ({
    status: 200,
    body: Object.fromEntries((keys as string[]).map((id) => [id, `https://blobs.example/${id}`])),
  }));
});
afterEach(cleanup);

const show = (album = anAlbum(), total = images.length) =>
  renderScreen(<AlbumPhotos album={album} total={total} />, aUser(), {
    url: `/albums/${albumId}`,
    route: '/albums/:id',
  });
const tile = (n: number) => screen.getByRole('link', { name: `Image ${n} of 4` });
const bar = () => screen.getByRole('toolbar', { name: 'Selection' });

describe('choosing photos of an album', () => {
  it('takes ctrl-, shift- and then plain clicks without opening a photo; the zip link names them in order', async () => {
    const { user } = show();
    await user.keyboard('{Control>}');
    await user.click(tile(1));
    await user.keyboard('{/Control}');
    await user.keyboard('{Shift>}');
    await user.click(tile(3));
    await user.keyboard('{/Shift}');
    expect(within(bar()).getByRole('status').textContent).toBe('3 selected');
    await user.click(tile(2));
    expect(within(bar()).getByRole('status').textContent).toBe('2 selected');
    expect(screen.queryByText(/^at /)).toBeNull();
    const zip = within(bar()).getByRole('link', { name: 'Download as zip' });
    expect(zip.getAttribute('href')).toBe(
      `/api/photo-albums/${albumId}/zip?ids=${encodeURIComponent(`${ids[0]},${ids[2]}`)}`,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();
  });

  it('is reachable by keyboard: Space on a check box, then Shift+arrow to the next tiles', async () => {
    const { user } = show();
    const first = screen.getByRole('checkbox', { name: 'Select image 1' });
    first.focus();
    await user.keyboard(' ');
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(within(bar()).getByRole('status').textContent).toBe('3 selected');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select image 3' }));
    expect(screen.getByRole('checkbox', { name: 'Select image 2' })).toHaveProperty('checked', true);
  });

  it('offers Delete only when every chosen photo is the member’s to remove', async () => {
    const { user } = show(anAlbum({ ownerId: someoneElse, role: 'contributor' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select image 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select image 2' }));
    expect(within(bar()).getByRole('button', { name: 'Delete' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select image 3' }));
    expect(within(bar()).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(bar()).getByRole('button', { name: 'Add to another album' })).toBeTruthy();
    cleanup();

    const viewer = show(anAlbum({ ownerId: someoneElse, role: 'viewer' }));
    await viewer.user.click(screen.getByRole('checkbox', { name: 'Select image 1' }));
    expect(within(bar()).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes the chosen photos in one request after one confirmation', async () => {
    api.on(contract.albums.removeImages, { status: 204 });
    const { user } = show();
    await user.click(screen.getByRole('checkbox', { name: 'Select image 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select image 4' }));
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'DELETE 2 photos' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.sentTo(contract.albums.removeImages).map((r) => r.body)).toEqual([
      { imageIds: [ids[1], ids[3]] },
    ]);
  });

  it('adds them to an album the member may add to, or to a new one, and says what came of it', async () => {
    const album = (photoAlbumId: string, name: string, change: Partial<PhotoAlbum>) =>
      anAlbum({ photoAlbumId, name, ...change });
    const best = album('5e6f7a8b-9c0d-4e1f-8a3b-4c5d6e7f8a9b', 'Best of', { rank: 1 });
    const theirs = album('6f7a8b9c-0d1e-4f2a-9b4c-5d6e7f8a9b0c', 'Cousins', {
      ownerId: someoneElse,
      role: 'contributor',
    });
    const viewed = album('7a8b9c0d-1e2f-4a3b-8c5d-6e7f8a9b0c1d', 'Only viewed', {
      ownerId: someoneElse,
      role: 'viewer',
    });
    api.on(contract.albums.list, { status: 200, body: [anAlbum(), best, theirs, viewed] });
    api.on(contract.albums.copyPhotos, { status: 200, body: { added: 1, duplicates: 1 } });
    api.on(contract.albums.images, { status: 200, body: [] });
    api.on(contract.albums.get, { status: 200, body: best });
    const { user } = show();
    await user.click(screen.getByRole('checkbox', { name: 'Select image 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select image 4' }));
    await user.click(within(bar()).getByRole('button', { name: 'Add to another album' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add to another album' });
    const choices = await within(dialog).findAllByRole('radio');
    expect(choices.map((c) => c.closest('label')!.textContent)).toEqual([
      'Best of',
      'Cousins',
      'A new album',
    ]);
    await user.click(within(dialog).getByRole('radio', { name: 'Cousins' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 photos' }));

    expect(await screen.findByText('Added 1 photo to “Cousins”. 1 photo was already there.')).toBeTruthy();
    expect(api.sentTo(contract.albums.copyPhotos)).toEqual([
      {
        method: 'POST',
        path: `/api/photo-albums/${theirs.photoAlbumId}/copy-photos`,
        body: { fromAlbumId: albumId, imageIds: [ids[0], ids[3]] },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Open “Cousins”' }).getAttribute('href')).toBe(
      `/albums/${theirs.photoAlbumId}`,
    );
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();
  });

  it('chooses a whole album, pages not read included, and downloads or deletes it in one request', async () => {
    api.on(contract.albums.removeImages, { status: 204 });
    const { user } = show(anAlbum(), 10_000);
    await user.click(screen.getByRole('checkbox', { name: 'Select image 1' }));
    await user.click(within(bar()).getByRole('button', { name: 'Select all' }));
    expect(within(bar()).getByRole('status').textContent).toBe('10000 selected');
    expect(screen.getByRole('checkbox', { name: 'Select image 4' })).toHaveProperty('checked', true);
    expect(within(bar()).getByRole('link', { name: 'Download as zip' }).getAttribute('href')).toBe(
      `/api/photo-albums/${albumId}/zip`,
    );
    // Copies are made 200 at a time at most, and most of these the screen has not read.
    expect(within(bar()).queryByRole('button', { name: 'Add to another album' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select image 2' }));
    expect(within(bar()).getByRole('status').textContent).toBe('9999 selected');
    expect(within(bar()).getByRole('link', { name: 'Download as zip' }).getAttribute('href')).toBe(
      `/api/photo-albums/${albumId}/zip?except=${ids[1]}`,
    );
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'DELETE 9999 photos' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.sentTo(contract.albums.removeImages).map((r) => r.body)).toEqual([{ allExcept: [ids[1]] }]);
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();
  });

  it('offers a contributor no Delete for a whole album whose unread photos may be others’', async () => {
    const { user } = show(anAlbum({ ownerId: someoneElse, role: 'contributor' }), 10_000);
    await user.click(screen.getByRole('checkbox', { name: 'Select image 1' }));
    await user.click(within(bar()).getByRole('button', { name: 'Select all' }));
    expect(within(bar()).getByRole('status').textContent).toBe('10000 selected');
    expect(within(bar()).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(bar()).getByRole('link', { name: 'Download as zip' })).toBeTruthy();
  });
});
