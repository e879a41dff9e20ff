import path from 'node:path';
import type { Page } from 'playwright-core';
import { readOutbox } from '../../server/src/mail/read-outbox.ts';
import { dataDir } from './support.ts';

/** The newest link containing `fragment` mailed to `to`, waiting up to 10 s for it to arrive in the outbox. */
export async function mailedLink(to: string, fragment: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await readOutbox(path.join(dataDir, 'outbox'))).filter((m) => m.to === to);
    const link = mails
      .flatMap((m) => m.links)
      .filter((l) => l.includes(fragment))
      .at(-1);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a ${fragment} link`);
}

/** Follows the newest verification link mailed to `email` and waits until the page says the address is verified. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  await page.goto(await mailedLink(email, '/verify-email/'));
  await page.getByText('Your e-mail address is verified.').waitFor();
}
