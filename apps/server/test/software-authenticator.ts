import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponse, RegistrationResponse } from '@site/contract';
import type { z } from 'zod';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();

/** Flags of authenticator data: user present, user verified, backup eligible / backed up, credential data. */
const flag = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

/**
 * A passkey made in software, as a phone or security key would: an ES256 key pair, a discoverable credential,
 * attestation "none". It answers the options the server hands out with responses the server verifies for real,
 * and can be made to send any signature counter (to play a cloned key) or to be used for another origin.
 */
export class SoftwarePasskey {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter the next answer carries (a synced passkey would stay at 0). */
  counter = 0;

  constructor(
    private readonly origin: string,
    private readonly rpID = new URL(origin).hostname,
  ) {}

  get id() {
    return b64url(this.credentialId);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coords = (v: string | undefined) => new Uint8Array(Buffer.from(v ?? '', 'base64url'));
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, coords(jwk.x)],
        [-3, coords(jwk.y)],
      ]),
    );
  }

  private authData(flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpID), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  /** The answer to registration options (`challenge` from them). */
  register(options: { challenge: string }): z.infer<typeof RegistrationResponse> {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authData(flag.up | flag.uv | flag.at, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer to sign-in options (`challenge` from them), signed with this passkey's key. */
  signIn(
    options: { challenge: string },
    key: KeyObject = this.keys.privateKey,
  ): z.infer<typeof AuthenticationResponse> {
    const clientData = this.clientData('webauthn.get', options.challenge);
    const authData = this.authData(flag.up | flag.uv);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
    };
  }
}
