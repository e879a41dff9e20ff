import type { User } from '@site/contract';
import type { OutboxMail } from '../src/mail/read-outbox.ts';
import type { TestSite, Visitor } from './support.ts';

let counter = 0;

/** A unique address per call, so tests in one file never collide. */
export const uniqueEmail = (prefix = 'member') => `${prefix}-${++counter}-${Date.now()}@example.com`;

export const defaultPassword = 'correct horse battery staple';

/** Signs up through the API and answers the logged-in visitor with their user. */
export async function signedUpVisitor(
  site: TestSite,
  emailAddress = uniqueEmail(),
): Promise<{ visitor: Visitor; user: User }> {
  const visitor = await site.visitor();
  const res = await visitor.post('/api/signup', { emailAddress, password: defaultPassword }).expect(200);
  if (!res.body) throw new Error(`sign-up of ${emailAddress} refused`);
  return { visitor, user: res.body as User };
}

/** `mails` without the verification mail every sign-up sends at once. */
export const besidesVerification = (mails: OutboxMail[]) =>
  mails.filter((m) => m.subject !== 'Verify your e-mail address');
