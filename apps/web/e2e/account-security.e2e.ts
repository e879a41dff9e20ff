import { describe, expect, it } from 'vitest';
import { logIn, signUpByApi } from './session.ts';
import { newPage, shot } from './support.ts';

const password = 'a long enough password';
const newPassword = 'an even longer passphrase';

describe('account security in the browser', () => {
  it('changes the password, which signs the other browser out, then lists sessions and signs out the others', async () => {
    const email = `security-${Date.now()}@example.com`;
    const desk = await newPage(1280);
    await signUpByApi(desk, email, password);
    const phone = await newPage(390);
    await logIn(phone, email, password);

    await desk.goto('/profile');
    const sessions = desk.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await desk.getByText('This device').waitFor();
    expect(await sessions.count()).toBe(2);
    await shot(desk, 'security-1280');
    await phone.goto('/profile');
    await phone.getByText('This device').waitFor();
    await shot(phone, 'security-390');

    await desk.getByRole('button', { name: 'Change password' }).click();
    await desk.getByLabel('Current password').fill(password);
    await desk.getByLabel('New password', { exact: true }).fill(newPassword);
    await desk.getByLabel('Re-type new password').fill(newPassword);
    await desk.getByRole('button', { name: 'Change password' }).click();
    await desk.getByText('Your password is saved. Every other session was signed out.').waitFor();
    await desk.getByText('This device').waitFor();
    expect(await sessions.count()).toBe(1);

    // The phone's session ended: the profile shows it the log-in form, where the new password works.
    await phone.goto('/profile');
    await phone.getByLabel('Password').waitFor();
    await logIn(phone, email, newPassword);

    await desk.reload();
    await desk.getByText('This device').waitFor();
    await expect.poll(() => sessions.count()).toBe(2);
    await desk.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect.poll(() => sessions.count()).toBe(1);
    await phone.goto('/profile');
    await phone.getByLabel('Password').waitFor();
    expect(await phone.getByText('This device').count()).toBe(0);
  });
});
