// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { preloadScreen, screenPreloadsId, type ScreenPreloads } from './screen-preloads.ts';

const preloads: ScreenPreloads = {
  memberCookie: 'member',
  screens: {
    '/albums': {
      modules: ['/assets/AlbumListPage-a1.js', '/assets/core-b2.js'],
      fetches: ['/api/me', '/api/photo-albums'],
    },
    '/albums/:photoAlbumId/:imageId': { modules: ['/assets/ImagePage-c3.js'], fetches: ['/api/me'] },
  },
};

/** A page as index.html is, with the build's list, for a browser holding `cookie`. */
function page(cookie: string) {
  const doc = document.implementation.createHTMLDocument();
  const data = doc.createElement('script');
  data.type = 'application/json';
  data.id = screenPreloadsId;
  data.textContent = JSON.stringify(preloads);
  doc.body.append(data);
  Object.defineProperty(doc, 'cookie', { value: cookie });
  return doc;
}

const linked = (doc: Document) =>
  [...doc.head.querySelectorAll('link')].map((l) =>
    ['rel', 'href', 'as', 'crossorigin'].map((name) => l.getAttribute(name)),
  );

afterEach(() => document.head.replaceChildren());

describe("a member's screen preloads", () => {
  it("link the screen's chunks and first reads for the route the path matches", () => {
    for (const path of ['/albums', '/albums/']) {
      const doc = page('xsrf=1; member=1');
      preloadScreen(path, doc);
      expect(linked(doc)).toEqual([
        ['preload', '/api/me', 'fetch', ''],
        ['preload', '/api/photo-albums', 'fetch', ''],
        ['modulepreload', '/assets/AlbumListPage-a1.js', null, null],
        ['modulepreload', '/assets/core-b2.js', null, null],
      ]);
    }
    const doc = page('member=1');
    preloadScreen('/albums/a1/i2', doc);
    expect(linked(doc).map(([, href]) => href)).toEqual(['/api/me', '/assets/ImagePage-c3.js']);
  });

  it('link nothing where no screen matches, nor for a visitor, who has no session to read with', () => {
    for (const path of ['/albums/a1', '/albums//i2', '/files']) {
      const doc = page('member=1');
      preloadScreen(path, doc);
      expect(linked(doc)).toEqual([]);
    }
    for (const cookie of ['', 'xsrf=1', 'notmember=1', 'member=0']) {
      const doc = page(cookie);
      preloadScreen('/albums', doc);
      expect(linked(doc)).toEqual([]);
    }
  });
});
