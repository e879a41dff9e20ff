// @vitest-environment jsdom
import { contract } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../testing/api-stub.ts';
import { renderScreen } from '../../testing/render.tsx';
import SignInLinkPage from './SignInLinkPage.tsx';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});
afterEach(cleanup);

const albumId = '0b7e4a52-3c1d-4f6e-8a9b-2c3d4e5f6a7b';
const at = (token: string) => ({ route: '/invitation/:token', url: `/invitation/${token}` });

describe('following an invitation or sign-in link', () => {
  it('signs in with the link once, however often the page mounts, and opens the album', async () => {
    api.on(contract.account.followSignInLink, { status: 200, body: { albumId } });
    const first = renderScreen(<SignInLinkPage />, null, at('tok-1'));
    first.unmount();
    renderScreen(<SignInLinkPage />, null, at('tok-1'));
    expect(await screen.findByText(`at /albums/${albumId}`)).toBeTruthy();
    expect(api.sentTo(contract.account.followSignInLink).map((r) => r.body)).toEqual([{ token: 'tok-1' }]);
  });

  it('opens the album list after a sign-in link, which names no album', async () => {
    api.on(contract.account.followSignInLink, { status: 200, body: { albumId: null } });
    renderScreen(<SignInLinkPage />, null, at('tok-2'));
    expect(await screen.findByText('at /albums')).toBeTruthy();
  });

  it('says a dead link does not work and leads to log in', async () => {
    api.on(contract.account.followSignInLink, {
      status: 400,
      body: errorBody('invalid_token', 'This link is invalid, has been used, or has expired'),
    });
    renderScreen(<SignInLinkPage />, null, at('tok-3'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link is invalid, has been used, or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('asks an account with a second factor for a code before it opens the album', async () => {
    const expiresAt = new Date(Date.now() + 300_000).toISOString();
    api.on(contract.account.followSignInLink, {
      status: 200,
      body: { albumId, secondFactor: { totp: true, passkey: false, expiresAt } },
    });
    api.on(contract.secondFactor.secondFactor, { status: 200, body: { albumId } });
    const view = renderScreen(<SignInLinkPage />, null, at('tok-4'));
    await screen.findByRole('heading', { name: 'Second step' });
    expect(screen.queryByRole('button', { name: /passkey/ })).toBeNull();
    await view.user.type(screen.getByLabelText('Code'), '654321');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(`at /albums/${albumId}`)).toBeTruthy();
  });
});
