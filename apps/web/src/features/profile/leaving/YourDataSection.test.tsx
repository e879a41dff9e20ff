// @vitest-environment jsdom
import { contract, type SecurityState } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { YourDataSection } from './YourDataSection.tsx';

// The browser's passkey ceremony: this answer stands for what an authenticator would sign.
const passkeyAnswer = {
  id: 'a2V5',
  rawId: 'a2V5',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'ZGF0YQ', authenticatorData: 'YXV0aA', signature: 'c2ln' },
};
const { startAuthentication } = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication }));

let api: ReturnType<typeof stubApi>;
const passkey = {
  passkeyId: '00000000-0000-4000-8000-000000000001',
  name: 'Phone',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};
const withPassword: SecurityState = {
  hasPassword: true,
  mailboxProofUntil: null,
  totp: false,
  recoveryCodesLeft: 0,
  onlyAdmin: false,
};
const requestedAt = '2026-11-27T10:00:00.000Z';

beforeEach(() => {
  api = stubApi();
  api.on(contract.security.state, { status: 200, body: withPassword });
  api.on(contract.leaving.dataExport, { status: 200, body: { state: 'none' } });
  api.on(contract.secondFactor.passkeys, { status: 200, body: [] });
  startAuthentication.mockReset();
});
afterEach(cleanup);

describe('your data: export', () => {
  it('starts an export and says it is being prepared', async () => {
    api.on(contract.leaving.startExport, { status: 202, body: { state: 'preparing', requestedAt } });
    const view = renderScreen(<YourDataSection />);
    await view.user.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText(/Preparing… We will e-mail you when it is ready/)).toBeTruthy();
    expect(api.sentTo(contract.leaving.startExport)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Export my data' })).toBeNull();
  });

  it('offers a ready export with its size and until when it can be downloaded', async () => {
    api.on(contract.leaving.dataExport, {
      status: 200,
      body: {
        state: 'ready',
        requestedAt,
        readyAt: requestedAt,
        expiresAt: '2026-12-04T10:00:00.000Z',
        size: 2_400_000,
      },
    });
    renderScreen(<YourDataSection />);
    expect(
      await screen.findByText(/Your data is ready \(2\.4 MB\)\. You can download it until 4 December 2026/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeTruthy();
  });
});

describe('your data: delete my account', () => {
  it('sends the password, and shows a refusal while keeping the form', async () => {
    api.on(contract.leaving.deleteAccount, {
      status: 403,
      body: errorBody('forbidden', 'Your current password is not right'),
    });
    const view = renderScreen(<YourDataSection />);
    await view.user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Delete my account for good' });
    expect(submit.disabled).toBe(true);
    await view.user.type(screen.getByLabelText('Your password'), 'not it');
    await view.user.click(submit);
    expect(await screen.findByText('Your current password is not right')).toBeTruthy();
    expect(api.sentTo(contract.leaving.deleteAccount).map((r) => r.body)).toEqual([
      { currentPassword: 'not it' },
    ]);
    expect(screen.getByLabelText('Your password')).toBeTruthy();
  });

  it('goes to the home page once deleted', async () => {
    api.on(contract.leaving.deleteAccount, { status: 204 });
    const view = renderScreen(<YourDataSection />, undefined, { url: '/profile', route: '/profile' });
    await view.user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    await view.user.type(screen.getByLabelText('Your password'), 'right one');
    await view.user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('at /')).toBeTruthy();
  });

  it('tells the only admin why they cannot delete their account and what to do first, offering no form', async () => {
    api.on(contract.security.state, { status: 200, body: { ...withPassword, onlyAdmin: true } });
    renderScreen(<YourDataSection />);
    expect(
      await screen.findByText(/You are the only admin of this site, so your account cannot be deleted/),
    ).toBeTruthy();
    expect(screen.getByText(/Make another member an admin first/).textContent).toContain(
      'pnpm admin grant their-address admin',
    );
    expect(screen.queryByRole('button', { name: 'Delete my account…' })).toBeNull();
    expect(screen.queryByLabelText('Your password')).toBeNull();
    // Their data can still be exported.
    expect(screen.getByRole('button', { name: 'Export my data' })).toBeTruthy();
  });

  it('asks an account without a password for a fresh sign-in link first', async () => {
    api.on(contract.security.state, { status: 200, body: { ...withPassword, hasPassword: false } });
    renderScreen(<YourDataSection />);
    expect(await screen.findByText(/To delete your account, open a new sign-in link/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete my account…' })).toBeNull();
  });

  it('lets a member who signs in by passkey confirm with it, sending its answer', async () => {
    api.on(contract.security.state, { status: 200, body: { ...withPassword, hasPassword: false } });
    api.on(contract.secondFactor.passkeys, { status: 200, body: [passkey] });
    api.on(contract.secondFactor.passkeyProofOptions, { status: 200, body: { challenge: 'Y2hhbGxlbmdl' } });
    api.on(contract.leaving.deleteAccount, { status: 204 });
    startAuthentication.mockResolvedValue(passkeyAnswer);
    const view = renderScreen(<YourDataSection />, undefined, { url: '/profile', route: '/profile' });
    await view.user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    expect(screen.queryByRole('button', { name: 'Delete my account for good' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Confirm with a passkey and delete' }));
    expect(await screen.findByText('at /')).toBeTruthy();
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'Y2hhbGxlbmdl' } });
    expect(api.sentTo(contract.leaving.deleteAccount).map((r) => r.body)).toEqual([
      { passkey: passkeyAnswer },
    ]);
  });

  it('says so and deletes nothing when the passkey is cancelled', async () => {
    api.on(contract.secondFactor.passkeys, { status: 200, body: [passkey] });
    api.on(contract.secondFactor.passkeyProofOptions, { status: 200, body: { challenge: 'Y2hhbGxlbmdl' } });
    // As @simplewebauthn/browser rejects: an Error named after the browser's DOMException.
    startAuthentication.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const view = renderScreen(<YourDataSection />);
    await view.user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    await view.user.click(screen.getByRole('button', { name: 'Confirm with a passkey and delete' }));
    expect(
      await screen.findByText('Your passkey did not confirm it is you. It was cancelled or timed out.'),
    ).toBeTruthy();
    expect(api.sentTo(contract.leaving.deleteAccount)).toEqual([]);
  });
});
