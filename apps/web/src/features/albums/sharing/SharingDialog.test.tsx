// @vitest-environment jsdom
import { contract, type ShareRoles } from '@site/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { SharingDialog } from './SharingDialog.tsx';

const photoAlbumId = '0b6a3f1e-5d2c-4a8b-9e7f-3c1d2b4a5e6f';
const ann = 'ann@example.com';
const bob = 'bob@example.com';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
  const shares: ShareRoles = [
    { emailAddress: ann, role: 'viewer' },
    { emailAddress: bob, role: 'contributor' },
  ];
  api.on(contract.albums.shareRoles, { status: 200, body: shares });
});
afterEach(cleanup);

const open = (allowOriginals = false) =>
  renderScreen(
    <SharingDialog
      photoAlbumId={photoAlbumId}
      allowOriginals={allowOriginals}
      verified
      open
      onOpenChange={() => {}}
    />,
  );
const roleOf = async (email: string) => await screen.findByLabelText<HTMLSelectElement>(`Role of ${email}`);

describe('the sharing dialog', () => {
  it('lets the owner allow everyone to download the originals, with one change of the album', async () => {
    api.on(contract.albums.update, {
      status: 200,
      body: {
        photoAlbumId,
        ownerId: '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69',
        name: 'Party',
        description: '',
        thumbnailId: null,
        isEmpty: true,
        rank: 0,
        createdAt: '2026-11-27T10:00:00.000Z',
        role: 'owner',
        allowOriginals: true,
      },
    });
    const view = open();
    const box = await screen.findByRole('checkbox', { name: /Let others download originals/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    await view.user.click(box);
    await expect.poll(() => api.sentTo(contract.albums.update).length).toBe(1);
    expect(api.sentTo(contract.albums.update)[0]?.body).toEqual({ allowOriginals: true });
  });

  it('shows each address with what its share lets it do', async () => {
    open();
    expect((await roleOf(ann)).value).toBe('viewer');
    expect((await roleOf(bob)).value).toBe('contributor');
    const choices = within(await roleOf(ann)).getAllByRole('option');
    expect(choices.map((o) => o.textContent)).toEqual(['Viewer', 'Can add photos']);
  });

  it("changes an address's role by sharing again with the role chosen, and shows the new one", async () => {
    api.on(contract.albums.share, { status: 200, body: [ann, bob] });
    const view = open();
    await view.user.selectOptions(await roleOf(ann), 'Can add photos');
    await expect.poll(() => api.sentTo(contract.albums.share).length).toBe(1);
    expect(api.sentTo(contract.albums.share)[0]?.body).toEqual({ emailAddress: ann, role: 'contributor' });
    await expect.poll(async () => (await roleOf(ann)).value).toBe('contributor');
    expect((await roleOf(bob)).value).toBe('contributor');
  });

  it('keeps the role shown when the server refuses the change, and says so', async () => {
    api.on(contract.albums.share, {
      status: 503,
      body: { error: { code: 'unavailable', message: 'Try later' } },
    });
    const view = open();
    await view.user.selectOptions(await roleOf(ann), 'Can add photos');
    expect(await screen.findByText(/change what ann@example.com may do/)).toBeTruthy();
    expect((await roleOf(ann)).value).toBe('viewer');
  });

  it('shares with a new address as a viewer unless the owner chooses Can add photos', async () => {
    const cy = 'cy@example.com';
    api.on(contract.albums.share, { status: 200, body: [ann, bob, cy] });
    const view = open();
    await view.user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share with' });
    const role = within(dialog).getByLabelText<HTMLSelectElement>('Role');
    expect(role.value).toBe('viewer');
    await view.user.type(within(dialog).getByLabelText('Email addresses'), cy);
    await view.user.selectOptions(role, 'Can add photos');
    await view.user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await expect.poll(() => api.sentTo(contract.albums.share).length).toBe(1);
    expect(api.sentTo(contract.albums.share)[0]?.body).toEqual({ emailAddress: cy, role: 'contributor' });
    expect((await roleOf(cy)).value).toBe('contributor');
  });
});
