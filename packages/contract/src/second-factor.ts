import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { atLeast, atMost, Id, Text, Timestamp, errors } from './common.ts';
import { CurrentPassword } from './security.ts';
import { AuthenticationResponse, CreationOptions, RegistrationResponse, RequestOptions } from './webauthn.ts';

const c = initContract();

/** A passkey as its owner sees it in the list. */
export const PasskeyInfo = z.object({
  passkeyId: Id,
  name: z.string(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp.nullable(),
  /** A synced passkey (in a password manager or a phone's keychain), not one bound to a single device. */
  backedUp: z.boolean(),
});
export type PasskeyInfo = z.infer<typeof PasskeyInfo>;

/** What the member calls a passkey ("Laptop", "Phone"). */
const PasskeyName = Text().trim().min(1, atLeast(1)).max(64, atMost(64));

/** A six-digit code from the authenticator app, or a recovery code; spaces and dashes as typed are fine. */
const Code = Text().trim().min(1, atLeast(1)).max(32, atMost(32));

/**
 * What proves the person at the keyboard owns the account before a change that could shut them out: a passkey's
 * answer to `passkeyProofOptions` asked in this session, or the current password.
 */
export const Proof = z.object({
  currentPassword: CurrentPassword.optional(),
  passkey: AuthenticationResponse.optional(),
});
const proofBody = Proof;
export const proofNote =
  'Proof: `passkey`, the answer to `passkeyProofOptions` in this session (403 when it does not check, or its' +
  ' challenge was used or expired); or `currentPassword` (403 when wrong); or, for an account without a password,' +
  ' a session begun by a mailbox link within 15 minutes.';

export const secondFactorContract = c.router({
  passkeys: {
    method: 'GET',
    path: '/me/passkeys',
    summary: "The member's passkeys, the oldest first",
    responses: { 200: z.array(PasskeyInfo), ...errors(401) },
  },
  passkeyOptions: {
    method: 'POST',
    path: '/me/passkeys/options',
    summary: 'Starts adding a passkey: options for navigator.credentials.create(), good once for 5 minutes',
    description: proofNote,
    body: proofBody,
    responses: { 200: CreationOptions, ...errors(400, 401, 403, 413, 429, 507) },
  },
  addPasskey: {
    method: 'POST',
    path: '/me/passkeys',
    summary: 'Adds the passkey the browser made from `passkeyOptions`; 400 when it does not check out',
    body: z.object({ name: PasskeyName, response: RegistrationResponse }),
    responses: { 201: PasskeyInfo, ...errors(400, 401, 403, 409, 413, 507) },
  },
  renamePasskey: {
    method: 'PATCH',
    path: '/me/passkeys/:passkeyId',
    summary: "Renames one of the caller's passkeys",
    pathParams: z.object({ passkeyId: Id }),
    body: z.object({ name: PasskeyName }),
    responses: { 200: PasskeyInfo, ...errors(400, 401, 403, 404, 413, 507) },
  },
  removePasskey: {
    method: 'DELETE',
    path: '/me/passkeys/:passkeyId',
    summary: 'Removes a passkey; 404 when not the member’s',
    description: proofNote,
    pathParams: z.object({ passkeyId: Id }),
    body: proofBody,
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 413, 429, 507) },
  },
  totpSetup: {
    method: 'POST',
    path: '/me/totp/setup',
    summary: 'Starts turning on authenticator-app codes: a new secret, not in force until `enableTotp`',
    description: proofNote + ' 409 when TOTP is on already.',
    body: proofBody,
    responses: {
      200: z.object({
        /** Base32, for typing into the app by hand. */
        secret: z.string(),
        /** The otpauth:// URI a QR code carries. */
        uri: z.string(),
      }),
      ...errors(400, 401, 403, 409, 413, 429, 507),
    },
  },
  enableTotp: {
    method: 'POST',
    path: '/me/totp',
    summary: 'Turns TOTP on with a code from the app; answers 10 single-use recovery codes, shown only now',
    description: '400 when the code is wrong; 409 when no setup was started within 10 minutes.',
    body: z.object({ code: Code }),
    responses: {
      200: z.object({ recoveryCodes: z.array(z.string()) }),
      ...errors(400, 401, 403, 409, 413, 507),
    },
  },
  disableTotp: {
    method: 'DELETE',
    path: '/me/totp',
    summary: 'Turns TOTP off and drops its recovery codes',
    description: proofNote,
    body: proofBody,
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 413, 429, 507) },
  },
  passkeyProofOptions: {
    method: 'POST',
    path: '/me/passkey-proof/options',
    summary: 'Starts confirming it is you with one of your passkeys: options for navigator.credentials.get()',
    description:
      'The challenge is good once, for 5 minutes, in this session only; its answer goes as `passkey` with the' +
      ' change it confirms (delete the account, add or remove a passkey, turn TOTP on or off). 409 without a passkey.',
    body: c.noBody(),
    responses: { 200: RequestOptions, ...errors(401, 403, 409, 507) },
  },
  passkeySignInOptions: {
    method: 'POST',
    path: '/passkey-sign-in/options',
    summary: 'Starts a sign in with a passkey (no address asked): options for navigator.credentials.get()',
    description: '429 past 60 within 10 minutes from one client address.',
    body: c.noBody(),
    responses: { 200: RequestOptions, ...errors(403, 429, 507) },
  },
  passkeySignIn: {
    method: 'POST',
    path: '/passkey-sign-in',
    summary: 'Signs in with a passkey, which counts as both factors; answers the album a sign-in link opens',
    description:
      '400 when the response does not check out (unknown passkey, used or expired challenge, a counter that went' +
      ' back: a cloned authenticator). `albumId` comes from a sign-in link waiting for this second factor.',
    body: z.object({ response: AuthenticationResponse }),
    responses: { 200: z.object({ albumId: Id.nullable() }), ...errors(400, 403, 413, 507) },
  },
  secondFactor: {
    method: 'POST',
    path: '/login/second-factor',
    summary: 'Finishes a log in that answered `secondFactor`: a code from the app, or a recovery code',
    description:
      '401 when no log in is waiting (or it expired); 403 when the code is wrong or used already; 429 after 5 wrong' +
      ' codes per account or per client within 15 minutes.',
    body: z.object({ code: Code }),
    responses: { 200: z.object({ albumId: Id.nullable() }), ...errors(400, 401, 403, 413, 429, 507) },
  },
});
