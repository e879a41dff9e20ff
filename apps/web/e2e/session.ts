import { xsrfCookieName } from '@site/contract';
import type { Page } from 'playwright-core';
import { callApi } from './page-api.ts';
import { nextClientAddress } from './support.ts';

/** Creates an account through the real form, confirms the notice, and waits until the frame shows the address. */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/create-account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Retype password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByText(email).waitFor();
}

/**
 * Creates an account through the API from inside `page`, which is then logged in as it, for tests whose subject
 * is not the form (accounts.e2e.ts goes through it); the next page loaded shows the account.
 */
export async function signUpByApi(page: Page, email: string, password: string): Promise<void> {
  // The XSRF cookie comes with any API answer; the app may not have asked for one yet.
  await callApi(page, 'GET', '/api/csrf');
  await callApi(page, 'POST', '/api/signup', { emailAddress: email, password });
}

/** Logs in through the real form (Enter submits) and waits for the home page. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * A cookie jar and CSRF token against the test server, for setting up through the API what a test does not show;
 * from a client address of its own, as each browser page comes, so per-client limits (10 sign-ups an hour) count
 * each separately.
 */
async function apiSession(baseUrl: string) {
  const client = { 'X-Forwarded-For': nextClientAddress() };
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0] ?? '';
      jar.set(pair.slice(0, pair.indexOf('=')), pair);
    }
  };
  const cookie = () => [...jar.values()].join('; ');
  // The token is the cookie's, as the web app reads it: log in brings a new one.
  const csrfToken = () => decodeURIComponent((jar.get(xsrfCookieName) ?? '').split('=')[1] ?? '');
  keep(await fetch(`${baseUrl}/api/csrf`, { headers: client }));
  return async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...client,
        'content-type': 'application/json',
        'x-xsrf-token': csrfToken(),
        cookie: cookie(),
      },
      body: JSON.stringify(body),
    });
    keep(res);
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
    return (await res.json()) as { userId: string };
  };
}

/**
 * A new account of its own with the files permission granted by `admin`, so a test's folders are the only ones
 * it sees (the admin's files are shared by every test file running beside it).
 */
export async function filesMember(
  baseUrl: string,
  admin: { emailAddress: string; password: string },
  member: { emailAddress: string; password: string },
): Promise<void> {
  const { userId } = await (await apiSession(baseUrl))('POST', '/signup', member);
  const asAdmin = await apiSession(baseUrl);
  await asAdmin('POST', '/login', admin);
  await asAdmin('PATCH', '/admin/permissions', { userId, permissions: { files: true } });
}
