import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startOwnSite } from './own-site.ts';
import { newPage } from './support.ts';

/**
 * A site of its own (the production build, PGlite in a throwaway DATA_DIR) at http://localhost:<port>: browsers
 * refuse an IP address as a WebAuthn relying party, so passkeys cannot work at the shared site's 127.0.0.1.
 * localhost is a secure context, as https would be. Answers its URL, a way to open pages on it, and `close`.
 */
export async function localhostSite() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-localhost-'));
  const site = await startOwnSite(dataDir, 'localhost');
  return {
    url: site.url,
    /** A page with a browser's state of its own, `width` x 900, at `startPath` of this site. */
    open: (width: number, startPath = '/'): Promise<Page> => newPage(width, startPath, { site: site.url }),
    close: () => site.close(),
  };
}

/**
 * Gives the page's browser a virtual platform authenticator through the DevTools protocol: a passkey store that
 * holds discoverable credentials and verifies the user at once, as a phone's screen lock would.
 */
export async function addVirtualAuthenticator(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  // Taken away, its passkeys are no longer offered (the log-in page's autofill would otherwise sign in at once).
  return async () => {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  };
}
