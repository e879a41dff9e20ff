// @vitest-environment jsdom
import { contract, type PhotoAlbum } from '@site/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { NewAlbumTile } from './NewAlbumTile.tsx';

const photoAlbumId = '0b6a3f1e-5d2c-4a8b-9e7f-3c1d2b4a5e6f';
const created = (name: string): PhotoAlbum => ({
  photoAlbumId,
  ownerId: '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69',
  name,
  description: '',
  thumbnailId: null,
  isEmpty: true,
  rank: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  order: 'manual',
  role: 'owner',
  allowOriginals: false,
});

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
  api.on(contract.albums.create, (body) => ({ status: 200, body: created((body as { name: string }).name) }));
});
afterEach(cleanup);

const open = async () => {
  const view = renderScreen(<NewAlbumTile />, undefined, { url: '/albums', route: '/albums' });
  await view.user.click(screen.getByRole('button', { name: 'New Photo Album' }));
  const dialog = await screen.findByRole('dialog', { name: 'New photo album' });
  return { ...view, dialog, nameBox: within(dialog).getByLabelText('Album name') };
};

describe('the New Photo Album tile', () => {
  it('asks for the name first and creates nothing until it is given', async () => {
    const { nameBox } = await open();
    expect(document.activeElement).toBe(nameBox);
    expect(api.sentTo(contract.albums.create)).toHaveLength(0);
  });

  it('creates the album with the typed name on Enter and opens it', async () => {
    const { user, nameBox } = await open();
    await user.type(nameBox, "  Grandma's 90th  {Enter}");
    expect(await screen.findByText(`at /albums/${photoAlbumId}`)).toBeTruthy();
    expect(api.sentTo(contract.albums.create).map((r) => r.body)).toEqual([{ name: "Grandma's 90th" }]);
  });

  it("gives an album left unnamed the spec's default name", async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(`at /albums/${photoAlbumId}`)).toBeTruthy();
    expect(api.sentTo(contract.albums.create).map((r) => r.body)).toEqual([{ name: 'New album' }]);
  });

  it('creates nothing when Escape closes the dialog, and asks afresh next time', async () => {
    const { user, nameBox } = await open();
    await user.type(nameBox, 'Half typed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New Photo Album' }));
    expect(
      within(await screen.findByRole('dialog')).getByLabelText<HTMLInputElement>('Album name').value,
    ).toBe('');
    expect(api.sentTo(contract.albums.create)).toHaveLength(0);
  });

  it('keeps the dialog and the name when the server refuses, and says so', async () => {
    api.on(contract.albums.create, { status: 503, body: errorBody('unavailable', 'Try later') });
    const { user, dialog, nameBox } = await open();
    await user.type(nameBox, 'Party{Enter}');
    expect(await within(dialog).findByText('Could not create the album. Please try again.')).toBeTruthy();
    expect((nameBox as HTMLInputElement).value).toBe('Party');
    expect(screen.queryByText(/^at \//)).toBeNull();
  });
});
