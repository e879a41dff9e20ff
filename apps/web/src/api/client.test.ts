// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client.ts';

const album = {
  photoAlbumId: crypto.randomUUID(),
  name: 'Summer',
  description: null,
  ownerId: crypto.randomUUID(),
};
const csrfRefusal = () =>
  Response.json(
    { error: { code: 'csrf', message: 'Missing or invalid X-XSRF-TOKEN header' } },
    { status: 403 },
  );

/** A server that answers `replies` in turn, recording the token each request carried. */
function server(...replies: (() => Response)[]) {
  const tokens: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      tokens.push(new Headers(init.headers).get('x-xsrf-token'));
      return replies.shift()!();
    }),
  );
  return tokens;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'XSRF-TOKEN=; max-age=0';
});

describe('the CSRF token of each call', () => {
  it("sends the cookie's token, and after a refusal of it, once more with the cookie the refusal brought", async () => {
    document.cookie = 'XSRF-TOKEN=stale';
    const tokens = server(
      () => {
        document.cookie = 'XSRF-TOKEN=fresh';
        return csrfRefusal();
      },
      () => Response.json(album),
    );
    const answer = await api.albums.create({ body: { name: 'Summer' } });
    expect(answer.status).toBe(200);
    expect(tokens).toEqual(['stale', 'fresh']);
  });

  it('asks only once more: a second refusal is the answer', async () => {
    // Over HTTPS the cookie has the __Host- prefix (which jsdom, on http, will not set).
    vi.spyOn(Document.prototype, 'cookie', 'get').mockReturnValue('member=1; __Host-XSRF-TOKEN=secure');
    const tokens = server(csrfRefusal, csrfRefusal, () => Response.json(album));
    const answer = await api.albums.create({ body: { name: 'Summer' } });
    expect(answer.status).toBe(403);
    expect(tokens).toEqual(['secure', 'secure']);
  });

  it('never sends again a call refused for another reason', async () => {
    const tokens = server(
      () => Response.json({ error: { code: 'forbidden', message: 'No' } }, { status: 403 }),
      () => Response.json(album),
    );
    expect((await api.albums.create({ body: { name: 'Summer' } })).status).toBe(403);
    expect(tokens).toHaveLength(1);
  });
});
