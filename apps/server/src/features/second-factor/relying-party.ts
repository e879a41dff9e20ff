import type { Config } from '../../config.ts';

/**
 * The site as WebAuthn knows it: passkeys are bound to the host of PUBLIC_URL (the rp ID) and answer only to pages
 * from its origin. Browsers refuse an IP address as an rp ID, so passkeys need PUBLIC_URL to name a host.
 */
export function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: url.hostname };
}
