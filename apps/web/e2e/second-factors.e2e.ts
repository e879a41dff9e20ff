import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVirtualAuthenticator, localhostSite } from './localhost-site.ts';
import { callApi } from './page-api.ts';
import { signUpByApi } from './session.ts';
import { shot } from './support.ts';

const password = 'a long enough password';
let site: Awaited<ReturnType<typeof localhostSite>>;
beforeAll(async () => {
  site = await localhostSite();
});
afterAll(() => site?.close());

/** The authenticator app's code for `secret`, `steps` periods of 30 s from now. */
const appCode = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('passkeys and authenticator-app codes in the browser', () => {
  it('adds a passkey and signs in with it, turns on app codes, and asks for a code after the password', async () => {
    const email = `factors-${Date.now()}@example.com`;
    const desk = await site.open(1280);
    const removeAuthenticator = await addVirtualAuthenticator(desk);
    await signUpByApi(desk, email, password);

    await desk.goto('/profile');
    await desk.getByRole('button', { name: 'Add a passkey' }).click();
    const adding = desk.getByRole('form', { name: 'Add a passkey' });
    await adding.getByLabel('Name').fill('Work laptop');
    await adding.getByLabel('Current password').fill(password);
    await adding.getByRole('button', { name: 'Create passkey' }).click();
    await desk.getByRole('list', { name: 'Passkeys' }).getByText('Work laptop').waitFor();

    await desk.getByRole('button', { name: 'Turn on app codes' }).click();
    await desk.getByRole('form', { name: 'Set up app codes' }).getByLabel('Current password').fill(password);
    await desk.getByRole('button', { name: 'Continue' }).click();
    await desk.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await shot(desk, 'second-factors-totp-setup-1280');
    const secret = (await desk.locator('code').first().textContent())!.replace(/\s/g, '');
    await desk.getByLabel('Code from the app').fill(await appCode(secret));
    await desk.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = desk.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent())!;
    await shot(desk, 'second-factors-recovery-codes-1280');
    await desk.getByRole('button', { name: 'I have saved them' }).click();
    await desk.getByText('10 recovery codes left.').waitFor();
    await shot(desk, 'second-factors-security-1280');

    // A passkey alone signs in: no address, no password, no code. The log-in page offers it among the e-mail
    // field's suggestions, which the virtual authenticator takes at once.
    await callApi(desk, 'POST', '/api/logout');
    await desk.goto('/login');
    await desk.waitForURL((url) => url.pathname === '/');
    expect((await callApi<{ emailAddress: string }>(desk, 'GET', '/api/me')).emailAddress).toBe(email);

    // The password alone does not: the second step asks for a code (or the passkey). The authenticator is put
    // away first, so the page's suggestion of it does not sign in.
    await callApi(desk, 'POST', '/api/logout');
    await removeAuthenticator();
    await desk.goto('/login');
    await desk.getByLabel('Email').fill(email);
    await desk.getByLabel('Password').fill(password);
    await desk.getByRole('button', { name: 'Log in' }).click();
    await desk.getByRole('heading', { name: 'Second step' }).waitFor();
    await shot(desk, 'second-factors-login-step-1280');
    await desk.getByLabel('Code').fill(await appCode(secret, 1));
    await desk.getByRole('button', { name: 'Continue' }).click();
    await desk.waitForURL((url) => url.pathname === '/');

    // On a phone, a recovery code does it once.
    const phone = await site.open(390, '/login');
    await phone.getByLabel('Email').fill(email);
    await phone.getByLabel('Password').fill(password);
    await phone.getByRole('button', { name: 'Log in' }).click();
    await phone.getByRole('heading', { name: 'Second step' }).waitFor();
    await phone.getByRole('button', { name: 'Use a passkey instead' }).waitFor();
    await shot(phone, 'second-factors-login-step-390');
    await phone.getByLabel('Code').fill(recoveryCode);
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.waitForURL((url) => url.pathname === '/');
    await phone.goto('/profile');
    await phone.getByText('9 recovery codes left.').waitFor();
    await shot(phone, 'second-factors-security-390');
  });
});
