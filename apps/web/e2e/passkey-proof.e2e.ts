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
  // The site's first account is its admin, and the only admin cannot leave: someone else comes first.
  const first = await site.open(1280);
  await signUpByApi(first, `admin-${Date.now()}@example.com`, password);
  await first.close();
});
afterAll(() => site?.close());

describe('a passkey confirms changes in the browser', () => {
  it('turns on app codes and deletes the account on a passkey, without the password', async () => {
    const email = `proof-${Date.now()}@example.com`;
    const desk = await site.open(1280);
    await addVirtualAuthenticator(desk);
    await signUpByApi(desk, email, password);

    await desk.goto('/profile');
    await desk.getByRole('button', { name: 'Add a passkey' }).click();
    const adding = desk.getByRole('form', { name: 'Add a passkey' });
    await adding.getByLabel('Name').fill('Laptop');
    await adding.getByLabel('Current password').fill(password);
    await adding.getByRole('button', { name: 'Create passkey' }).click();
    await desk.getByRole('list', { name: 'Passkeys' }).getByText('Laptop').waitFor();

    // The password field stays empty: the passkey is the proof.
    await desk.getByRole('button', { name: 'Turn on app codes' }).click();
    await desk.getByRole('button', { name: 'Confirm with a passkey' }).click();
    await desk.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await desk.locator('code').first().textContent())!.replace(/\s/g, '');
    await desk.getByLabel('Code from the app').fill(await generate({ secret }));
    await desk.getByRole('button', { name: 'Turn on', exact: true }).click();
    await desk.getByRole('button', { name: 'I have saved them' }).click();
    await desk.getByText('10 recovery codes left.').waitFor();
    expect((await callApi<{ totp: boolean }>(desk, 'GET', '/api/me/security')).totp).toBe(true);
    // From the top, so the sticky header is drawn where it belongs in the whole-page picture.
    await desk.evaluate(() => window.scrollTo(0, 0));
    await shot(desk, 'passkey-proof-security-1280');

    await desk.goto('/profile#your-data');
    await desk.getByRole('button', { name: 'Delete my account…' }).click();
    const form = desk.getByRole('form', { name: 'Delete my account' });
    await form.scrollIntoViewIfNeeded();
    await shot(desk, 'passkey-proof-delete-1280', { fullPage: false });
    await desk.setViewportSize({ width: 390, height: 900 });
    await form.scrollIntoViewIfNeeded();
    await shot(desk, 'passkey-proof-delete-390', { fullPage: false });
    await form.getByRole('button', { name: 'Confirm with a passkey and delete' }).click();
    await desk.getByText('Your account was deleted. Thank you for the time you spent here.').waitFor();

    // Gone: the session with it, and the address is free to sign up again.
    await expect(callApi(desk, 'GET', '/api/me')).rejects.toThrow(/401/);
    await signUpByApi(desk, email, password);
    expect((await callApi<{ emailAddress: string }>(desk, 'GET', '/api/me')).emailAddress).toBe(email);
  });
});
