import { UAParser } from 'ua-parser-js';

/**
 * Browser and system as a person names them ("Firefox 128", "Android 14"), from a User-Agent header. ua-parser-js
 * stays on 1.x: from 2.0 it is AGPL-licensed.
 */
export function describeUserAgent(header: string): { browser: string; system: string } {
  const { browser, os } = new UAParser(header).getResult();
  const named = (part: { name?: string | undefined; version?: string | undefined }, unknown: string) =>
    part.name ? [part.name, part.version?.split('.')[0]].filter(Boolean).join(' ') : unknown;
  return { browser: named(browser, 'Unknown browser'), system: named(os, 'Unknown system') };
}
