import type { User } from '@site/contract';
import type { OutboxMail } from '../src/mail/read-outbox.ts';
import type { TestSite, Visitor } from './support.ts';

let counter = 0;

/** A unique address per call, so tests in one file never collide. */
export const uniqueEmail = (prefix = 'member') => `${prefix}-${++counter}-${Date.now()}@example.com`;

export const defaultPassword = 'correct horse battery staple';

/** A member as the tests hold one: their logged-in browser and their user. */
export interface Member {
  visitor: Visitor;
  user: User;
}

/** Signs up through the API and answers the logged-in visitor with their user. */
export async function signedUpVisitor(site: TestSite, emailAddress = uniqueEmail()): Promise<Member> {
  const visitor = await site.visitor();
  const res = await visitor.post('/api/signup', { emailAddress, password: defaultPassword }).expect(200);
  if (!res.body) throw new Error(`sign-up of ${emailAddress} refused`);
  return { visitor, user: res.body as User };
}

/**
 * Signs up a fresh site's first account, which the site makes its admin: the admin tests' caller, and the account
 * that keeps other tests' members from being the first. Fails on a site that had an account already.
 */
export async function siteAdmin(site: TestSite, emailAddress = uniqueEmail()): Promise<Member> {
  const admin = await signedUpVisitor(site, emailAddress);
  if (!admin.user.permissions.includes('admin'))
    throw new Error(`${emailAddress} is not the site's first account`);
  return admin;
}

/** `mails` without the verification mail every sign-up sends at once. */
export const besidesVerification = (mails: OutboxMail[]) =>
  mails.filter((m) => m.subject !== 'Verify your e-mail address');
