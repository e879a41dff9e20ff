// @vitest-environment jsdom
import { contract, type PhotoAlbum } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { aUser, renderScreen } from '../../../testing/render.tsx';
import AlbumListPage from './AlbumListPage.tsx';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});
afterEach(cleanup);

const me = aUser();
const album = (name: string, ownerId: string): PhotoAlbum => ({
  photoAlbumId: crypto.randomUUID(),
  ownerId,
  name,
  description: '',
  thumbnailId: null,
  isEmpty: true,
  rank: 0,
  createdAt: '2026-05-01T10:00:00.000Z',
  order: 'manual',
  ownerName: 'Ada',
  allowOriginals: false,
});
/** Whether the "Shared with me" section comes before her own (which ends with the New Photo Album tile). */
const sharedFirst = () =>
  Boolean(
    screen
      .getByRole('heading', { name: 'Shared with me' })
      .compareDocumentPosition(screen.getByRole('button', { name: 'New Photo Album' })) &
    Node.DOCUMENT_POSITION_FOLLOWING,
  );

describe('the album list', () => {
  it('puts "Shared with me" first for someone who only receives albums', async () => {
    api.on(contract.albums.list, { status: 200, body: [album('Summer', crypto.randomUUID())] });
    renderScreen(<AlbumListPage />, me);
    await screen.findByText('Summer');
    expect(sharedFirst()).toBe(true);
  });

  it('keeps her own albums first once she has one', async () => {
    api.on(contract.albums.list, {
      status: 200,
      body: [album('Summer', crypto.randomUUID()), album('Garden', me.userId)],
    });
    renderScreen(<AlbumListPage />, me);
    await screen.findByText('Garden');
    expect(sharedFirst()).toBe(false);
  });
});
