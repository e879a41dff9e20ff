// @vitest-environment jsdom
import { contract, type SecurityState } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { YourDataSection } from './YourDataSection.tsx';

let api: ReturnType<typeof stubApi>;
const withPassword: SecurityState = {
  hasPassword: true,
  mailboxProofUntil: null,
  totp: false,
  recoveryCodesLeft: 0,
};
const requestedAt = '2026-11-27T10:00:00.000Z';

beforeEach(() => {
  api = stubApi();
  api.on(contract.security.state, { status: 200, body: withPassword });
  api.on(contract.leaving.dataExport, { status: 200, body: { state: 'none' } });
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

  it('asks an account without a password for a fresh sign-in link first', async () => {
    api.on(contract.security.state, { status: 200, body: { ...withPassword, hasPassword: false } });
    renderScreen(<YourDataSection />);
    expect(await screen.findByText(/To delete your account, open a new sign-in link/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete my account…' })).toBeNull();
  });
});
