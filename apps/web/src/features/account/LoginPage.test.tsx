// @vitest-environment jsdom
import { contract } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../testing/api-stub.ts';
import { renderScreen } from '../../testing/render.tsx';
import { Route, Routes } from 'react-router-dom';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';
import LoginPage from './LoginPage.tsx';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});
afterEach(cleanup);

describe('log in by e-mailed link', () => {
  it('asks for a sign-in link for the typed address, without a password, and says it is on its way', async () => {
    api.on(contract.account.requestSignInLink, { status: 204 });
    const view = renderScreen(<LoginPage />, null);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'E-mail me a sign-in link' });
    expect(button.disabled).toBe(true);
    await view.user.type(screen.getByLabelText('Email'), 'grandma@example.com');
    await view.user.click(button);
    expect((await screen.findByRole('status')).textContent).toBe(
      'If grandma@example.com has an account, a sign-in link is on its way. It works once, within an hour.',
    );
    expect(api.sentTo(contract.account.requestSignInLink).map((r) => r.body)).toEqual([
      { emailAddress: 'grandma@example.com' },
    ]);
  });

  it('says how long to wait when too many links were asked for', async () => {
    api.on(contract.account.requestSignInLink, {
      status: 429,
      body: errorBody('rate_limited', 'Too many attempts; please try again later'),
      headers: { 'Retry-After': '600' },
    });
    const view = renderScreen(<LoginPage />, null);
    await view.user.type(screen.getByLabelText('Email'), 'grandma@example.com');
    await view.user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Too many attempts/);
  });
});

describe('log in that does not go through', () => {
  const tryLogIn = async () => {
    const view = renderScreen(<LoginPage />, null);
    await view.user.type(screen.getByLabelText('Email'), 'grandma@example.com');
    await view.user.type(screen.getByLabelText('Password'), 'the right passphrase');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    return (await screen.findByRole('alert')).textContent;
  };

  it('says the address or password is wrong only when the server says they do not match', async () => {
    api.on(contract.account.login, { status: 200, body: false });
    expect(await tryLogIn()).toBe('email or password is incorrect');
  });

  it("says an admin disabled the account in the server's words", async () => {
    const words =
      'This account has been disabled by an admin of this site. Please ask them to enable it again.';
    api.on(contract.account.login, { status: 403, body: errorBody('account_disabled', words) });
    expect(await tryLogIn()).toBe(words);
  });

  it('says the site cannot be reached when no answer comes, not that the password is wrong', async () => {
    api.on(contract.account.login, () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await tryLogIn()).toBe('Cannot reach the site. Check your connection and try again.');
  });

  it('says the site could not log her in when the server fails, blaming neither password nor network', async () => {
    api.on(contract.account.login, {
      status: 503,
      body: errorBody('unavailable', 'The service is unavailable'),
      headers: { 'Retry-After': '5' },
    });
    expect(await tryLogIn()).toBe('The site could not log you in just now. Please try again in a moment.');
  });

  it('does not claim a sign-in link is on its way when the site cannot be reached', async () => {
    api.on(contract.account.requestSignInLink, () => {
      throw new TypeError('Failed to fetch');
    });
    const view = renderScreen(<LoginPage />, null);
    await view.user.type(screen.getByLabelText('Email'), 'grandma@example.com');
    await view.user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cannot reach the site. Check your connection and try again.',
    );
    expect(screen.queryByText(/is on its way/)).toBeNull();
  });
});

describe('log in with a second factor', () => {
  const expiresAt = new Date(Date.now() + 300_000).toISOString();

  async function pastPassword() {
    api.on(contract.account.login, {
      status: 200,
      body: { secondFactor: { totp: true, passkey: true, expiresAt } },
    });
    const view = renderScreen(<LoginPage />, null);
    await view.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await view.user.type(screen.getByLabelText('Password'), 'a long enough password');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Second step' });
    return view;
  }

  it('asks for a code after a right password and sends the one typed', async () => {
    api.on(contract.secondFactor.secondFactor, { status: 200, body: { albumId: null } });
    const view = await pastPassword();
    expect(screen.getByRole('button', { name: 'Use a passkey instead' })).toBeTruthy();
    await view.user.type(screen.getByLabelText('Code'), ' 123456 ');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await expect
      .poll(() => api.sentTo(contract.secondFactor.secondFactor).map((r) => r.body))
      .toEqual([{ code: '123456' }]);
  });

  it("shows the server's words for a wrong code and stays on the second step", async () => {
    api.on(contract.secondFactor.secondFactor, {
      status: 403,
      body: errorBody('forbidden', 'That code is not right, or was used already'),
    });
    const view = await pastPassword();
    await view.user.type(screen.getByLabelText('Code'), '000000');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right, or was used already',
    );
    expect(screen.getByRole('heading', { name: 'Second step' })).toBeTruthy();
  });
});

describe('forgot password from the log-in form', () => {
  it('brings the address typed there, so it need not be typed again', async () => {
    const view = renderScreen(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </Routes>,
      null,
      { url: '/login' },
    );
    await view.user.type(screen.getByLabelText('Email'), 'grandma@example.com');
    await view.user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    await screen.findByRole('heading', { name: 'Forgot password' });
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('grandma@example.com');
  });
});
