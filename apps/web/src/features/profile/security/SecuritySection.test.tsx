// @vitest-environment jsdom
import { contract, type SecurityState, type SessionInfo } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { SecuritySection } from './SecuritySection.tsx';

let api: ReturnType<typeof stubApi>;
const withPassword: SecurityState = {
  hasPassword: true,
  mailboxProofUntil: null,
  totp: false,
  recoveryCodesLeft: 0,
  onlyAdmin: false,
};
const session = (over: Partial<SessionInfo>): SessionInfo => ({
  sessionId: '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69',
  browser: 'Firefox 128',
  system: 'Android 14',
  network: '203.0.113.0/24',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-27T10:00:00.000Z',
  thisDevice: false,
  byAdministrator: false,
  ...over,
});
const here = session({
  sessionId: '0b5b7a43-5d0c-4a43-a3c4-0a2b3c4d5e6f',
  browser: 'Chrome 131',
  thisDevice: true,
});
const phone = session({});

beforeEach(() => {
  api = stubApi();
  api.on(contract.security.state, { status: 200, body: withPassword });
  api.on(contract.security.sessions, { status: 200, body: [here, phone] });
  api.on(contract.secondFactor.passkeys, { status: 200, body: [] });
});
afterEach(cleanup);

async function fill(view: ReturnType<typeof renderScreen>, label: string, text: string) {
  await view.user.type(screen.getByLabelText(label), text);
}

describe('security section: password', () => {
  it('changes the password with the current one and says the other sessions ended', async () => {
    api.on(contract.security.changePassword, { status: 204 });
    const view = renderScreen(<SecuritySection />);
    await view.user.click(await screen.findByRole('button', { name: 'Change password' }));
    await fill(view, 'Current password', 'old passphrase');
    await fill(view, 'New password', 'a new passphrase');
    await fill(view, 'Re-type new password', 'a new passphrase');
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password is saved. Every other session was signed out.'),
    ).toBeTruthy();
    expect(api.sentTo(contract.security.changePassword).map((r) => r.body)).toEqual([
      { currentPassword: 'old passphrase', newPassword: 'a new passphrase' },
    ]);
  });

  it('shows the refusal of a wrong current password and keeps the form', async () => {
    api.on(contract.security.changePassword, {
      status: 403,
      body: errorBody('forbidden', 'Your current password is not right'),
    });
    const view = renderScreen(<SecuritySection />);
    await view.user.click(await screen.findByRole('button', { name: 'Change password' }));
    await fill(view, 'Current password', 'wrong');
    await fill(view, 'New password', 'a new passphrase');
    await fill(view, 'Re-type new password', 'a new passphrase');
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not right')).toBeTruthy();
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });

  it('sends nothing while the new password is too short or not retyped the same', async () => {
    const view = renderScreen(<SecuritySection />);
    await view.user.click(await screen.findByRole('button', { name: 'Change password' }));
    await fill(view, 'Current password', 'old passphrase');
    await fill(view, 'New password', 'short');
    await fill(view, 'Re-type new password', 'short');
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('At least 8 characters')).toBeTruthy();
    await fill(view, 'New password', ' and longer');
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('passwords do not match')).toBeTruthy();
    expect(api.sentTo(contract.security.changePassword)).toEqual([]);
  });

  it('asks an account without a password for a fresh sign-in link, and mails one to its address', async () => {
    api.on(contract.security.state, { status: 200, body: { ...withPassword, hasPassword: false } });
    api.on(contract.account.requestSignInLink, { status: 204 });
    const view = renderScreen(<SecuritySection />);
    const buttons = await screen.findAllByRole('button', { name: 'E-mail me a sign-in link' });
    expect(screen.queryByRole('button', { name: 'Choose a password' })).toBeNull();
    await view.user.click(buttons[0]!);
    expect(await screen.findByText('We have sent a sign-in link to ada@example.com.')).toBeTruthy();
    expect(api.sentTo(contract.account.requestSignInLink).map((r) => r.body)).toEqual([
      { emailAddress: 'ada@example.com' },
    ]);
  });

  it('lets a session fresh from the mailbox choose a password without asking for a current one', async () => {
    const until = new Date(Date.now() + 600_000).toISOString();
    api.on(contract.security.state, {
      status: 200,
      body: { ...withPassword, hasPassword: false, mailboxProofUntil: until },
    });
    api.on(contract.security.changePassword, { status: 204 });
    const view = renderScreen(<SecuritySection />);
    await view.user.click(await screen.findByRole('button', { name: 'Choose a password' }));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await fill(view, 'New password', 'a new passphrase');
    await fill(view, 'Re-type new password', 'a new passphrase');
    await view.user.click(screen.getByRole('button', { name: 'Save password' }));
    await screen.findByText('Your password is saved. Every other session was signed out.');
    expect(api.sentTo(contract.security.changePassword).map((r) => r.body)).toEqual([
      { newPassword: 'a new passphrase' },
    ]);
  });
});

describe('security section: e-mail address', () => {
  it('sends the new address with the current password and says where the link went', async () => {
    api.on(contract.security.changeEmail, { status: 204 });
    const view = renderScreen(<SecuritySection />);
    await view.user.click(await screen.findByRole('button', { name: 'Change e-mail address' }));
    await fill(view, 'New e-mail address', 'ada@new.example');
    await fill(view, 'Current password', 'old passphrase');
    await view.user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(/We have sent a link to ada@new.example/)).toBeTruthy();
    expect(api.sentTo(contract.security.changeEmail).map((r) => r.body)).toEqual([
      { emailAddress: 'ada@new.example', currentPassword: 'old passphrase' },
    ]);
  });
});

describe('security section: sessions', () => {
  it('lists the sessions, marks this device, and signs out one or all others', async () => {
    api.on(contract.security.endSession, { status: 204 });
    api.on(contract.security.endOtherSessions, { status: 200, body: { ended: 1 } });
    const view = renderScreen(<SecuritySection />);
    expect(await screen.findByText('Chrome 131 on Android 14')).toBeTruthy();
    expect(screen.getByText('Firefox 128 on Android 14')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.getAllByText(/Network 203\.0\.113\.0\/24/)).toHaveLength(2);
    // Only the other session has its own button.
    await view.user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(api.sentTo(contract.security.endSession).map((r) => r.path)).toEqual([
      `/api/me/sessions/${phone.sessionId}`,
    ]);
    await view.user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(api.sentTo(contract.security.endOtherSessions)).toHaveLength(1);
  });
});
