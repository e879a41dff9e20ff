// @vitest-environment jsdom
import { contract, type Image, type PhotoAlbum } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { aUser, renderScreen } from '../../../testing/render.tsx';
import AlbumPage from './AlbumPage.tsx';
import ImagePage from '../viewer/ImagePage.tsx';

const me = aUser();
const ownerId = '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const photoAlbumId = '0b6a3f1e-5d2c-4a8b-9e7f-3c1d2b4a5e6f';
const mine = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const theirs = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

const album = (role: PhotoAlbum['role']): PhotoAlbum => ({
  photoAlbumId,
  ownerId,
  name: 'Reunion',
  description: '',
  thumbnailId: null,
  isEmpty: true,
  rank: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  order: 'manual',
  role,
  allowOriginals: false,
});
const image = (imageId: string, rank: number, addedBy: Image['addedBy']): Image => ({
  imageId,
  photoAlbumId,
  thumbnailId: imageId,
  rank,
  renditionId: null,
  takenAt: null,
  addedBy,
  original: null,
  video: null,
});
const images = [
  { ...image(theirs, 0, { userId: ownerId, displayName: 'Grandma' }), isNew: true },
  { ...image(mine, 1, { userId: me.userId, displayName: 'Ada' }), isNew: false },
];

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
  api.on(contract.albums.images, { status: 200, body: images });
  api.on(contract.albums.albumViewed, { status: 204 });
  api.on(contract.albums.imageViewed, { status: 204 });
  api.on(contract.albums.comments, { status: 200, body: [] });
});
afterEach(cleanup);

const openAlbum = (role: PhotoAlbum['role']) => {
  api.on(contract.albums.get, { status: 200, body: album(role) });
  return renderScreen(<AlbumPage />, me, { route: '/albums/:photoAlbumId', url: `/albums/${photoAlbumId}` });
};
const openImage = (role: PhotoAlbum['role'], imageId: string) => {
  api.on(contract.albums.get, { status: 200, body: album(role) });
  return renderScreen(<ImagePage />, me, {
    route: '/albums/:photoAlbumId/:imageId',
    url: `/albums/${photoAlbumId}/${imageId}`,
  });
};

describe('a shared album as a contributor sees it', () => {
  it('offers the Add Image tile to a contributor', async () => {
    openAlbum('contributor');
    expect(await screen.findByText('Add Image')).toBeTruthy();
  });

  it('offers no Add Image tile to a viewer', async () => {
    openAlbum('viewer');
    expect(await screen.findByRole('list', { name: 'Images' })).toBeTruthy();
    expect(screen.queryByText('Add Image')).toBeNull();
  });

  it('says who added the photo shown', async () => {
    openImage('viewer', theirs);
    expect(await screen.findByText('Added by Grandma')).toBeTruthy();
  });

  it("offers a contributor Delete for a photo they added, and not for the owner's", async () => {
    openImage('contributor', mine);
    expect(await screen.findByText('Added by Ada')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Image actions' })).toBeTruthy();
    cleanup();
    openImage('contributor', theirs);
    expect(await screen.findByText('Added by Grandma')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Image actions' })).toBeNull();
  });
});

describe('photos new to the viewer', () => {
  it('are marked New in the viewer as on their thumbnails, and the others are not', async () => {
    openImage('viewer', theirs);
    await screen.findByText('Added by Grandma');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('New');
    cleanup();
    openImage('viewer', mine);
    await screen.findByText('Added by Ada');
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toContain('New');
  });
});
