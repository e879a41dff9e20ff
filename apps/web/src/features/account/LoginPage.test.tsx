// @vitest-environment jsdom
import { contract } from '@site/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../testing/api-stub.ts';
import { renderScreen } from '../../testing/render.tsx';
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
