import { describe, expect, it } from 'vitest';
import { isOwnShare } from './share-origin.ts';

const site = 'https://family.example';

describe("the share target's origin rule", () => {
  it("takes the phone's share sheet: a navigation no page started, without an Origin", () => {
    expect(isOwnShare({ origin: null, clientId: '', initiatorOrigin: null }, site)).toBe(true);
    expect(isOwnShare({ origin: 'null', clientId: '', initiatorOrigin: null }, site)).toBe(true);
  });

  it('takes a post from a page of the site itself', () => {
    expect(isOwnShare({ origin: site, clientId: 'ours', initiatorOrigin: site }, site)).toBe(true);
  });

  it('refuses a form on another site that names its origin', () => {
    const other = 'https://evil.example';
    expect(isOwnShare({ origin: other, clientId: 'theirs', initiatorOrigin: null }, site)).toBe(false);
    expect(isOwnShare({ origin: other, clientId: '', initiatorOrigin: null }, site)).toBe(false);
  });

  it('refuses a form on another site that hides its origin, by the page that sent it', () => {
    expect(isOwnShare({ origin: 'null', clientId: 'theirs', initiatorOrigin: null }, site)).toBe(false);
    expect(isOwnShare({ origin: null, clientId: 'theirs', initiatorOrigin: null }, site)).toBe(false);
  });

  it('refuses a site on another port or scheme of the same host', () => {
    const http = 'http://family.example';
    expect(isOwnShare({ origin: http, clientId: 'x', initiatorOrigin: http }, site)).toBe(false);
    const port = 'https://family.example:8443';
    expect(isOwnShare({ origin: null, clientId: 'x', initiatorOrigin: port }, site)).toBe(false);
  });
});
