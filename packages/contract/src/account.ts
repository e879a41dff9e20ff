import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { atLeast, atMost, EmailAddress, Id, ShownName, Text, errors } from './common.ts';
import { NotificationType, SecondFactorNeeded, StorageUse, User } from './entities.ts';

const c = initContract();

/** The token of a link mailed to someone (verification, sign-in, invitation). */
const LinkToken = Text().min(1, atLeast(1)).max(256, atMost(256));

/** 8 to 128 characters; the server also refuses the most common passwords. */
export const NewPassword = Text().min(8, atLeast(8)).max(128, atMost(128));

const Credentials = z.object({
  emailAddress: EmailAddress,
  password: Text().min(1, atLeast(1)).max(1024, atMost(1024)),
});

export const accountContract = c.router({
  csrf: {
    method: 'GET',
    path: '/csrf',
    summary: 'Sets the XSRF-TOKEN cookie and answers its value',
    responses: { 200: z.object({ csrfToken: z.string() }) },
  },
  health: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness: answers while the process runs, whatever its database or blob store do',
    responses: { 200: z.object({ status: z.literal('ok') }) },
  },
  ready: {
    method: 'GET',
    path: '/ready',
    summary:
      'Readiness: 200 when the database answers, the blob store is usable and every migration is applied; ' +
      'else 503 unavailable naming the failing parts (also while the server shuts down)',
    responses: { 200: z.object({ status: z.literal('ready') }) },
  },
  signup: {
    method: 'POST',
    path: '/signup',
    summary: 'Creates an account and logs in; null when the address is taken',
    body: z.object({ emailAddress: EmailAddress, password: NewPassword }),
    responses: { 200: User.nullable(), ...errors(400, 403, 413, 429, 507) },
  },
  login: {
    method: 'POST',
    path: '/login',
    summary: 'Logs in: true, false, or (for an account with a second factor) what to ask for next',
    body: Credentials,
    responses: { 200: z.union([z.boolean(), SecondFactorNeeded]), ...errors(400, 403, 413, 429, 507) },
  },
  logout: {
    method: 'POST',
    path: '/logout',
    summary: "Ends the caller's session",
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(403, 507) },
  },
  me: {
    method: 'GET',
    path: '/me',
    summary: 'The logged-in user (401 for a visitor)',
    responses: { 200: User, ...errors(401) },
  },
  storage: {
    method: 'GET',
    path: '/me/storage',
    summary: 'How much the caller stores and may store',
    responses: { 200: StorageUse, ...errors(401) },
  },
  sendVerificationEmail: {
    method: 'POST',
    path: '/send-verification-email',
    summary: 'Mails the caller a link that verifies their address',
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(401, 403, 409, 429, 507) },
  },
  verifyEmail: {
    method: 'POST',
    path: '/verify-email',
    summary: 'Redeems the token from a verification e-mail',
    description:
      'Followed in a browser that is not signed in to that account, it proves the mailbox: the browser is signed in,' +
      ' and an account never verified before loses its password and every other session (whoever set them never' +
      ' proved the address).',
    body: z.object({ token: LinkToken }),
    responses: { 204: c.noBody(), ...errors(400, 403, 413, 507) },
  },
  requestSignInLink: {
    method: 'POST',
    path: '/sign-in-link',
    summary: 'Mails a sign-in link when the address has an account; answers the same either way',
    body: z.object({ emailAddress: EmailAddress }),
    responses: { 204: c.noBody(), ...errors(400, 403, 413, 429, 507) },
  },
  followSignInLink: {
    method: 'POST',
    path: '/sign-in-link/follow',
    summary:
      "Follows an invitation's or a sign-in e-mail's link: signs in as its address (making the account on first" +
      ' use) and answers the album to open',
    description:
      'For an account with a second factor the browser is not signed in yet: `secondFactor` says what to ask for' +
      ' (a link proves the mailbox only).',
    body: z.object({ token: LinkToken }),
    responses: {
      200: z.object({ albumId: Id.nullable() }).merge(SecondFactorNeeded.partial()),
      ...errors(400, 403, 413, 507),
    },
  },
  passwordResetInit: {
    method: 'POST',
    path: '/password-reset-init',
    summary: 'Mails a reset link when the address has an account; answers the same either way',
    body: z.object({ emailAddress: EmailAddress }),
    responses: { 204: c.noBody(), ...errors(400, 403, 413, 429, 507) },
  },
  passwordResetSubmit: {
    method: 'POST',
    path: '/password-reset-submit',
    summary: 'Sets a new password with the link a reset mail gave; ends every session',
    body: z.object({
      emailAddress: EmailAddress,
      password: NewPassword,
      passwordResetId: Text().min(1, atLeast(1)).max(256, atMost(256)),
    }),
    responses: { 204: c.noBody(), ...errors(400, 403, 413, 507) },
  },
  notificationTypes: {
    method: 'GET',
    path: '/me/notification-types',
    summary: 'Map of notification type to its description',
    responses: { 200: z.record(NotificationType, z.string()), ...errors(401) },
  },
  updateNotifications: {
    method: 'PATCH',
    path: '/me/notifications',
    summary: 'Map of type to disabled: true disables, false enables',
    body: z.record(NotificationType, z.boolean()),
    responses: { 200: User, ...errors(400, 401, 403, 413, 507) },
  },
  updateDisplayName: {
    method: 'PATCH',
    path: '/me/display-name',
    summary: "Changes the caller's display name",
    body: z.object({ displayName: ShownName(100) }),
    responses: { 200: User, ...errors(400, 401, 403, 413, 507) },
  },
});
