/** Debian's Chromium, or the one CHROMIUM_PATH names; no browser is downloaded. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless flags for a machine with a closed network, where Chromium's own connections would be refused. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
