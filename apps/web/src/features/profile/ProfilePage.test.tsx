// @vitest-environment jsdom
import { contract } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../testing/api-stub.ts';
import { aUser, renderScreen } from '../../testing/render.tsx';
import ProfilePage from './ProfilePage.tsx';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
  api.on(contract.account.storage, { status: 200, body: { usedBytes: 0, quotaBytes: 1_000_000 } });
  api.on(contract.security.state, { status: 200, body: { hasPassword: true, mailboxProofUntil: null } });
  api.on(contract.security.sessions, { status: 200, body: [] });
  api.on(contract.leaving.dataExport, { status: 200, body: { state: 'none' } });
});
afterEach(cleanup);

/** Opens the display name box and replaces its text with `text` (typed, not yet submitted). */
async function editName(view: ReturnType<typeof renderScreen>, text: string) {
  await view.user.click(screen.getByRole('button', { name: 'Change display name' }));
  const box = screen.getByLabelText('Display name');
  await view.user.clear(box);
  await view.user.type(box, text);
  return box;
}

describe('profile', () => {
  it('shows the address, whether it is verified, and the display name', () => {
    renderScreen(<ProfilePage />, aUser({ isEmailVerified: false, displayName: 'Ada' }));
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('No')).toBeTruthy();
    expect(screen.getByText('Ada')).toBeTruthy();
    expect(screen.getByText('We have sent a link to this address: open it to verify it.')).toBeTruthy();
    const again = screen.getByRole<HTMLButtonElement>('button', { name: 'Send again' });
    expect(again.disabled).toBe(false);
  });

  it('offers no verification mail once the address is verified', () => {
    renderScreen(<ProfilePage />, aUser({ isEmailVerified: true }));
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('shows how much of the storage quota is used', async () => {
    api.on(contract.account.storage, {
      status: 200,
      body: { usedBytes: 1_200_000_000, quotaBytes: 5_000_000_000 },
    });
    renderScreen(<ProfilePage />);
    expect(await screen.findByText('1.2 GB of 5 GB used')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Storage used' }).getAttribute('value')).toBe('1200000000');
  });

  it('saves a new display name on Enter and shows it', async () => {
    api.on(contract.account.updateDisplayName, { status: 200, body: aUser({ displayName: 'Countess' }) });
    const view = renderScreen(<ProfilePage />);
    await editName(view, 'Countess{Enter}');
    expect(await screen.findByText('Countess')).toBeTruthy();
    expect(screen.queryByLabelText('Display name')).toBeNull();
    expect(api.sentTo(contract.account.updateDisplayName).map((r) => r.body)).toEqual([
      { displayName: 'Countess' },
    ]);
  });

  it('leaves the name as it was on Escape, without asking the server', async () => {
    const view = renderScreen(<ProfilePage />);
    await editName(view, 'Countess{Escape}');
    expect(screen.queryByLabelText('Display name')).toBeNull();
    expect(screen.getByText('Ada')).toBeTruthy();
    expect(api.sentTo(contract.account.updateDisplayName)).toEqual([]);
  });

  it('does not submit an empty name', async () => {
    const view = renderScreen(<ProfilePage />);
    await editName(view, '   ');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(true);
    await view.user.keyboard('{Enter}');
    expect(api.sentTo(contract.account.updateDisplayName)).toEqual([]);
  });

  it('puts the old name back and says so when the save fails', async () => {
    api.on(contract.account.updateDisplayName, { status: 400, body: errorBody('bad_request', 'Too long') });
    const view = renderScreen(<ProfilePage />);
    await editName(view, 'Countess{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The display name could not be saved. Please try again.',
    );
    expect(screen.getByText('Ada')).toBeTruthy();
    expect(screen.queryByText('Countess')).toBeNull();
  });
});
