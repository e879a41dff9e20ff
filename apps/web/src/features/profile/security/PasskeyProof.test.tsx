// @vitest-environment jsdom
import { contract, type SecurityState } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { SecuritySection } from './SecuritySection.tsx';

// The browser's passkey ceremonies: these answers stand for what an authenticator would sign and make.
const passkeyAnswer = {
  id: 'a2V5',
  rawId: 'a2V5',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'ZGF0YQ', authenticatorData: 'YXV0aA', signature: 'c2ln' },
};
const newKey = {
  id: 'bmV3',
  rawId: 'bmV3',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'ZGF0YQ', attestationObject: 'YXR0' },
};
const { startAuthentication, startRegistration } = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication, startRegistration }));

let api: ReturnType<typeof stubApi>;
const phone = {
  passkeyId: '00000000-0000-4000-8000-000000000001',
  name: 'Phone',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};
// Signs in by passkey only: no password, no fresh mailbox link.
const passkeyOnly: SecurityState = {
  hasPassword: false,
  mailboxProofUntil: null,
  totp: false,
  recoveryCodesLeft: 0,
  onlyAdmin: false,
};

beforeEach(() => {
  api = stubApi();
  api.on(contract.security.state, { status: 200, body: passkeyOnly });
  api.on(contract.security.sessions, { status: 200, body: [] });
  api.on(contract.secondFactor.passkeys, { status: 200, body: [phone] });
  api.on(contract.secondFactor.passkeyProofOptions, { status: 200, body: { challenge: 'Y2hhbGxlbmdl' } });
  startAuthentication.mockResolvedValue(passkeyAnswer);
  startRegistration.mockResolvedValue(newKey);
});
afterEach(cleanup);

describe('security section: a passkey as the proof', () => {
  it('adds a second passkey on the first one, each dialog on a click of its own', async () => {
    api.on(contract.secondFactor.passkeyOptions, { status: 200, body: { challenge: 'bmV3LWtleQ' } });
    api.on(contract.secondFactor.addPasskey, { status: 201, body: { ...phone, name: 'Laptop' } });
    const view = renderScreen(<SecuritySection />);
    // The list loads first; on a loaded machine that can take more than findBy's one second.
    await view.user.click(await screen.findByRole('button', { name: 'Add a passkey' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    await view.user.type(screen.getByLabelText(/^Name/), 'Laptop');
    expect(screen.queryByRole('button', { name: 'Create passkey' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Confirm with a passkey' }));
    expect(await screen.findByText('Your passkey confirmed it is you.')).toBeTruthy();
    expect(startRegistration).not.toHaveBeenCalled();
    await view.user.click(screen.getByRole('button', { name: 'Create passkey' }));
    await vi.waitFor(() => expect(form.isConnected).toBe(false));
    expect(api.sentTo(contract.secondFactor.passkeyOptions).map((r) => r.body)).toEqual([
      { passkey: passkeyAnswer },
    ]);
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'bmV3LWtleQ' } });
    expect(api.sentTo(contract.secondFactor.addPasskey).map((r) => r.body)).toEqual([
      { name: 'Laptop', response: newKey },
    ]);
  });

  it('turns app codes off on a passkey', async () => {
    api.on(contract.security.state, {
      status: 200,
      body: { ...passkeyOnly, totp: true, recoveryCodesLeft: 10 },
    });
    api.on(contract.secondFactor.disableTotp, { status: 204 });
    const view = renderScreen(<SecuritySection />);
    await view.user.click(await screen.findByRole('button', { name: 'Turn off app codes' }));
    await view.user.click(screen.getByRole('button', { name: 'Confirm with a passkey and turn off' }));
    await vi.waitFor(() =>
      expect(api.sentTo(contract.secondFactor.disableTotp).map((r) => r.body)).toEqual([
        { passkey: passkeyAnswer },
      ]),
    );
  });

  it('removes a passkey on a passkey, and sends nothing when the dialog is cancelled', async () => {
    api.on(contract.secondFactor.removePasskey, { status: 204 });
    startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    const view = renderScreen(<SecuritySection />);
    await view.user.click(await screen.findByRole('button', { name: 'Remove' }));
    const confirm = screen.getByRole('button', { name: 'Confirm with a passkey and remove' });
    await view.user.click(confirm);
    expect(
      await screen.findByText('Your passkey did not confirm it is you. It was cancelled or timed out.'),
    ).toBeTruthy();
    expect(api.sentTo(contract.secondFactor.removePasskey)).toEqual([]);
    await view.user.click(confirm);
    await vi.waitFor(() =>
      expect(api.sentTo(contract.secondFactor.removePasskey).map((r) => r.body)).toEqual([
        { passkey: passkeyAnswer },
      ]),
    );
  });
});
