import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { NewPassword } from './account.ts';
import { atLeast, atMost, EmailAddress, Id, Text, Timestamp, errors } from './common.ts';

const c = initContract();

/** The member's current password, as typed; checked like a log in (same limits). */
export const CurrentPassword = Text().min(1, atLeast(1)).max(1024, atMost(1024));

/** What the profile's Security section needs to choose its forms. */
export const SecurityState = z.object({
  /** False for an account made by an invitation that never chose a password. */
  hasPassword: z.boolean(),
  /**
   * Until when this session may choose a first password or change the address without a password: it began by a
   * link opened from the member's mailbox a short while ago. Null otherwise.
   */
  mailboxProofUntil: Timestamp.nullable(),
  /** An authenticator app's codes are asked after the password. */
  totp: z.boolean(),
  /** Recovery codes not used yet (0 while TOTP is off). */
  recoveryCodesLeft: z.number().int().min(0),
  /**
   * The member is the site's only admin who can sign in: deleting the account is refused (409) until another member
   * is made an admin, so the screen says so instead of offering it.
   */
  onlyAdmin: z.boolean(),
});
export type SecurityState = z.infer<typeof SecurityState>;

/** A browser signed in to the member's account. */
export const SessionInfo = z.object({
  sessionId: Id,
  /** Browser and version from the User-Agent at sign in, e.g. "Firefox 128"; "Unknown browser" when unreadable. */
  browser: z.string(),
  /** Operating system from the same header, e.g. "Android 14"; "Unknown system" when unreadable. */
  system: z.string(),
  /**
   * The approximate place: the network signed in from, cut to its IPv4 /24 or IPv6 /48 (e.g. "203.0.113.0/24"),
   * which is all the server keeps. There is no place name: the server has no GeoIP database.
   */
  network: z.string(),
  createdAt: Timestamp,
  /** Updated at most every few minutes, not on every request. */
  lastSeenAt: Timestamp,
  /** The session this request came from. */
  thisDevice: z.boolean(),
  /** An administrator acting as the member (maintenance mode). */
  byAdministrator: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const securityContract = c.router({
  state: {
    method: 'GET',
    path: '/me/security',
    summary: 'Whether the member has a password, and whether this session may act without one',
    responses: { 200: SecurityState, ...errors(401) },
  },
  changePassword: {
    method: 'POST',
    path: '/me/password',
    summary: "Changes (or first chooses) the member's password and ends every other session",
    description:
      'With a password: `currentPassword` is required, a wrong one answers 403 and counts like a failed log in.' +
      ' Without one (an account made by an invitation): allowed only from a session that began by a link from the' +
      ' mailbox within the last 15 minutes (`mailboxProofUntil`), else 403. The address is told by e-mail.',
    body: z.object({ currentPassword: CurrentPassword.optional(), newPassword: NewPassword }),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 409, 413, 429, 507) },
  },
  changeEmail: {
    method: 'POST',
    path: '/me/email',
    summary: 'Starts an address change: a link goes to the new address, a notice to the current one',
    description:
      'Proof as for a password change. The change happens only when the link is opened. The answer is the same' +
      ' whether or not the new address belongs to another account (that mailbox is told instead of sent a link).',
    body: z.object({ emailAddress: EmailAddress, currentPassword: CurrentPassword.optional() }),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 413, 429, 507) },
  },
  confirmEmail: {
    method: 'POST',
    path: '/email-change/confirm',
    summary:
      'Redeems the link sent to a new address: the account moves to it, with the albums shared to the old one',
    description:
      '400 invalid_token when used, expired or unknown; 409 when another account took the address meanwhile.',
    body: z.object({ token: Text().min(1, atLeast(1)).max(256, atMost(256)) }),
    responses: { 204: c.noBody(), ...errors(400, 403, 409, 413, 507) },
  },
  sessions: {
    method: 'GET',
    path: '/me/sessions',
    summary: "Every live session of the member's account, the most recently seen first",
    responses: { 200: z.array(SessionInfo), ...errors(401) },
  },
  endSession: {
    method: 'DELETE',
    path: '/me/sessions/:sessionId',
    summary: 'Signs out one other session (404 when not the member’s; 400 for this one: log out instead)',
    pathParams: z.object({ sessionId: Id }),
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 507) },
  },
  endOtherSessions: {
    method: 'POST',
    path: '/me/sessions/end-others',
    summary: 'Signs out every session of the member but this one; answers how many ended',
    body: c.noBody(),
    responses: { 200: z.object({ ended: z.number().int().min(0) }), ...errors(401, 403, 507) },
  },
});
