// @vitest-environment jsdom
import { contract, type ShareRoles } from '@site/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { albumKeys } from '../api/queries.ts';
import { ShareWithDialog } from './ShareWithDialog.tsx';

const photoAlbumId = '0b6a3f1e-5d2c-4a8b-9e7f-3c1d2b4a5e6f';
const ann = 'ann@example.com';
const bob = 'bob@example.com';
const cy = 'cy@example.com';
const dailyLimit = 'You can share albums with at most 20 new addresses a day; please try again tomorrow';

let api: ReturnType<typeof stubApi>;
let closed: boolean;
beforeEach(() => {
  api = stubApi();
  closed = false;
  const sharedSoFar: string[] = [];
  api.on(contract.albums.share, (body) => {
    const { emailAddress } = body as { emailAddress: string };
    if (emailAddress === bob) return { status: 429, body: errorBody('rate_limited', dailyLimit) };
    sharedSoFar.push(emailAddress);
    return { status: 200, body: [...sharedSoFar] };
  });
});
afterEach(cleanup);

const open = () => {
  const view = renderScreen(
    <ShareWithDialog photoAlbumId={photoAlbumId} open onOpenChange={(next) => (closed = !next)} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Share with' });
  // What every screen shows of the album's shares: the cache the dialog's calls write.
  const shown = () =>
    view.queryClient.getQueryData<{ body: ShareRoles }>(albumKeys.shares(photoAlbumId))?.body;
  return {
    ...view,
    shown,
    dialog,
    box: within(dialog).getByLabelText<HTMLTextAreaElement>('Email addresses'),
  };
};
const sentBodies = () => api.sentTo(contract.albums.share).map((r) => r.body);

describe("the 'Share with' dialog", () => {
  it('shares with every address of a pasted list, one call each with the role chosen, then closes', async () => {
    const { user, dialog, box, shown } = open();
    await user.click(box);
    await user.paste(`${ann},${cy}\n dee@example.com `);
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Can add photos');
    await user.click(within(dialog).getByRole('button', { name: 'Share with 3' }));
    await expect.poll(() => closed).toBe(true);
    expect(sentBodies()).toEqual([
      { emailAddress: ann, role: 'contributor' },
      { emailAddress: cy, role: 'contributor' },
      { emailAddress: 'dee@example.com', role: 'contributor' },
    ]);
    expect(shown()).toEqual(
      [ann, cy, 'dee@example.com'].map((emailAddress) => ({ emailAddress, role: 'contributor' })),
    );
  });

  it('names each address that lacks its shape and shares nothing until all have it', async () => {
    const { user, dialog, box } = open();
    await user.type(box, `${ann} grandma, bob@example`);
    expect(
      within(dialog).getByText('grandma: invalid email address: it needs an @, as in name@example.com'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'bob@example: invalid email address: add the domain after the @, as in example.com',
      ),
    ).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: /^Share/ }).disabled).toBe(true);
    expect(sentBodies()).toHaveLength(0);
  });

  it('shares a single address on Enter', async () => {
    const { user, box } = open();
    await user.type(box, `  ${ann}  {Enter}`);
    await expect.poll(() => closed).toBe(true);
    expect(sentBodies()).toEqual([{ emailAddress: ann, role: 'viewer' }]);
  });

  it('keeps the addresses shared when one is refused, says why for that one and leaves only it to retry', async () => {
    const { user, dialog, box, shown } = open();
    await user.type(box, `${ann}, ${bob}, ${cy}{Enter}`);
    expect(await within(dialog).findByText(`Could not share with ${bob}: ${dailyLimit}.`)).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe(`Shared with ${ann}, ${cy}.`);
    expect(sentBodies().map((b) => (b as { emailAddress: string }).emailAddress)).toEqual([ann, bob, cy]);
    expect(shown()).toEqual([ann, cy].map((emailAddress) => ({ emailAddress, role: 'viewer' })));
    expect(box.value).toBe(bob);
    expect(closed).toBe(false);
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(closed).toBe(true);
  });

  it('counts rather than names the addresses shared when there are more than a few', async () => {
    const others = ['d', 'e', 'f', 'g'].map((name) => `${name}@example.com`);
    const { user, dialog, box } = open();
    await user.click(box);
    await user.paste([bob, ...others].join(' '));
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('status')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe('Shared with 4 addresses.');
  });
});
