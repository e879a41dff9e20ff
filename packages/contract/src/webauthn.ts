import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { z } from 'zod';
import { atLeast, atMost, Text } from './common.ts';

/** Binary values travel as base64url, as WebAuthn's JSON forms write them. */
const Base64Url = Text()
  .max(16384, atMost(16384))
  .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');

const transports = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type Transport = (typeof transports)[number];
const isTransport = (t: string): t is Transport => (transports as readonly string[]).includes(t);

/** How the authenticator can be reached; names a later browser may add are dropped, not refused. */
const Transports = z
  .array(Text().max(32, atMost(32)))
  .max(8)
  .transform((ts) => ts.filter(isTransport));

const credentialFields = {
  id: Base64Url.min(1, atLeast(1)),
  rawId: Base64Url.min(1, atLeast(1)),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  /** Extension outputs; none are used, so they are dropped. */
  clientExtensionResults: z.object({}),
};

/** What the browser's `navigator.credentials.create()` made, in WebAuthn's JSON form (RegistrationResponseJSON). */
export const RegistrationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    authenticatorData: Base64Url.optional(),
    transports: Transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url.optional(),
  }),
});

/** What the browser's `navigator.credentials.get()` answered, in WebAuthn's JSON form (AuthenticationResponseJSON). */
export const AuthenticationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.optional(),
  }),
});

/** Options for `navigator.credentials.create()`, as the server made them (checked there, not here). */
export const CreationOptions = z.custom<PublicKeyCredentialCreationOptionsJSON>(
  (value) => typeof value === 'object' && value !== null,
);

/** Options for `navigator.credentials.get()`, as the server made them. */
export const RequestOptions = z.custom<PublicKeyCredentialRequestOptionsJSON>(
  (value) => typeof value === 'object' && value !== null,
);
