import type { Image, PhotoAlbum } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { mayAddPhotos, mayDownloadOriginal, mayRemovePhoto } from './album-permissions.ts';

const album = (role: PhotoAlbum['role'], allowOriginals = false): PhotoAlbum => ({
  photoAlbumId: 'a',
  ownerId: 'owner',
  name: 'Summer',
  description: '',
  thumbnailId: null,
  isEmpty: true,
  rank: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  order: 'manual',
  role,
  allowOriginals,
});
const image = (addedBy: string | null): Image => ({
  imageId: 'i',
  photoAlbumId: 'a',
  thumbnailId: 't',
  rank: 0,
  renditionId: null,
  takenAt: null,
  addedBy: addedBy === null ? null : { userId: addedBy, displayName: addedBy },
  original: { name: 'IMG_0001.HEIC', type: 'image/heic', size: 3 },
  video: null,
});

describe('what the album screens offer', () => {
  it('offers adding photos to the owner and a contributor, not a viewer', () => {
    expect(mayAddPhotos(album('owner'), 'owner')).toBe(true);
    expect(mayAddPhotos(album('contributor'), 'me')).toBe(true);
    expect(mayAddPhotos(album('viewer'), 'me')).toBe(false);
  });

  it('offers the owner to remove any photo, a contributor only their own, a viewer none', () => {
    expect(mayRemovePhoto(album('owner'), image('me'), 'owner')).toBe(true);
    expect(mayRemovePhoto(album('owner'), image(null), 'owner')).toBe(true);
    expect(mayRemovePhoto(album('contributor'), image('me'), 'me')).toBe(true);
    expect(mayRemovePhoto(album('contributor'), image('owner'), 'me')).toBe(false);
    expect(mayRemovePhoto(album('contributor'), image(null), 'me')).toBe(false);
    expect(mayRemovePhoto(album('viewer'), image('me'), 'me')).toBe(false);
  });

  it('offers originals to the owner, a contributor for their own photos, and everyone once the owner allows', () => {
    expect(mayDownloadOriginal(album('owner'), image('someone'), 'owner')).toBe(true);
    expect(mayDownloadOriginal(album('contributor'), image('me'), 'me')).toBe(true);
    expect(mayDownloadOriginal(album('contributor'), image('owner'), 'me')).toBe(false);
    expect(mayDownloadOriginal(album('viewer'), image('me'), 'me')).toBe(false);
    expect(mayDownloadOriginal(album('viewer', true), image('owner'), 'me')).toBe(true);
  });
});
