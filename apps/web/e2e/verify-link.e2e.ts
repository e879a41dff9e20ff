import { describe, expect, it } from 'vitest';
import { mailedLink } from './mail.ts';
import { signUpByApi } from './session.ts';
import { newPage, shot } from './support.ts';

const password = 'a long enough password';

describe('a verification link opened in another browser', () => {
  it('redeems the token once, says the address is verified and signs the phone in to it', async () => {
    const email = `phone-${Date.now()}@example.com`;
    const desk = await newPage(1280);
    await signUpByApi(desk, email, password);

    const phone = await newPage(390);
    const redemptions: number[] = [];
    phone.on('response', (answer) => {
      const { pathname } = new URL(answer.url());
      if (answer.request().method() === 'POST' && pathname === '/api/verify-email')
        redemptions.push(answer.status());
    });
    await phone.goto(await mailedLink(email, '/verify-email/'));
    await phone.getByText('Your e-mail address is verified. Thank you!').waitFor();
    // The reload of the current user that follows is what used to unmount the page and send the token again.
    await phone.waitForLoadState('networkidle');
    expect(redemptions).toEqual([204]);
    expect(await phone.getByText(/link is invalid/).count()).toBe(0);
    await shot(phone, 'verify-link-other-browser-390');

    // Whoever reads the mailbox owns the account: the phone is signed in to it, verified, and the browser that set
    // the password (possibly someone who only guessed the address) is signed out.
    await phone.goto('/profile');
    await phone.getByText('Yes', { exact: true }).waitFor();
    await desk.goto('/profile');
    await desk.getByRole('heading', { name: 'Log in' }).waitFor();
  });
});
