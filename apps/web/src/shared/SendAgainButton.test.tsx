// @vitest-environment jsdom
import { contract } from '@site/contract';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, stubApi } from '../testing/api-stub.ts';
import { aUser, renderScreen } from '../testing/render.tsx';
import { SendAgainButton } from './SendAgainButton.tsx';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const unverified = aUser({ isEmailVerified: false });
const sendAgain = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send again' });

describe('send the verification link again', () => {
  it('sends nothing until asked: the link sent at sign-up is the one to use', () => {
    renderScreen(<SendAgainButton />, unverified);
    expect(screen.getByText('Nothing in your inbox or spam folder?')).toBeTruthy();
    expect(sendAgain().disabled).toBe(false);
    expect(api.sent).toEqual([]);
  });

  it('sends one mail, says it was sent, and rests a minute before it can send another', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.on(contract.account.sendVerificationEmail, { status: 204 });
    const view = renderScreen(<SendAgainButton />, unverified);
    await view.user.click(sendAgain());
    expect((await screen.findByRole('status')).textContent).toBe('Sent. A new link is on its way.');
    expect(sendAgain().disabled).toBe(true);
    await view.user.click(sendAgain());
    act(() => void vi.advanceTimersByTime(59_000));
    expect(sendAgain().disabled).toBe(true);
    act(() => void vi.advanceTimersByTime(1_000));
    expect(sendAgain().disabled).toBe(false);
    expect(api.sentTo(contract.account.sendVerificationEmail)).toHaveLength(1);
  });

  it('tells how long to wait when the server has sent as many as it allows this hour', async () => {
    api.on(contract.account.sendVerificationEmail, {
      status: 429,
      body: errorBody('rate_limited', 'Too many requests'),
      headers: { 'retry-after': '2400' },
    });
    const view = renderScreen(<SendAgainButton />, unverified);
    await view.user.click(sendAgain());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please try again in 40 minutes.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
