// @vitest-environment jsdom
import { contract, nextPageHeader, type FileNode } from '@site/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../../testing/api-stub.ts';
import { useFolderReading } from './folder-listing.ts';
import { useFolderListings } from './folder-listings.ts';

const root = (name: string, isDirectory = false): FileNode => ({
  nodeId: crypto.randomUUID(),
  parentId: null,
  name,
  size: 1,
  isDirectory,
});
const [a, b, c] = [root('a', true), root('b'), root('c')];
const topLevel = [null];

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});

/** The top level as the screen reads it: read to its end, and shown from the cache. */
function readTopLevel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => {
      useFolderReading(null);
      return useFolderListings(topLevel).get(null);
    },
    { wrapper },
  ).result;
}

type Reply = Parameters<typeof api.on>[1];

/** The server answers the listing's requests with `replies`, one each, in turn. */
const answering = (...replies: Reply[]) => {
  let asked = 0;
  api.on(contract.files.roots, () => {
    const reply = replies[Math.min(asked++, replies.length - 1)]!;
    return typeof reply === 'function' ? reply(undefined) : reply;
  });
};

/** The query of each listing request sent, as `limit after`. */
const asked = () =>
  api.sentTo(contract.files.roots).map((r) => {
    const query = new URL(r.path, 'http://site').searchParams;
    return `${query.get('limit')} ${query.get('after') ?? '-'}`;
  });

describe('a folder shown on the Files screen', () => {
  it('is read to its end in the pages the server gives, a small one first, each node once', async () => {
    answering(
      { status: 200, body: [a, b], headers: { [nextPageHeader]: 'after-b' } },
      // The last page repeats b, as a page read after a change may.
      { status: 200, body: [b, c] },
    );
    const result = readTopLevel();
    await waitFor(() => expect(result.current?.nodes).toHaveLength(3));
    expect(result.current?.nodes).toEqual([a, b, c]);
    expect(result.current?.loadingMore).toBe(false);
    expect(result.current?.error).toBeNull();
    expect(asked()).toEqual(['100 -', '1000 after-b']);
  });

  it('stops at a page that fails again when asked once more, keeping what came and saying why', async () => {
    answering(
      { status: 200, body: [a], headers: { [nextPageHeader]: 'after-a' } },
      { status: 503, body: errorBody('unavailable', 'Down for a moment') },
    );
    const result = readTopLevel();
    // Trouble on the way is asked about once more, a second later.
    await waitFor(() => expect(result.current?.error?.message).toBe('Down for a moment'), { timeout: 5000 });
    expect(result.current?.nodes).toEqual([a]);
    expect(result.current?.loadingMore).toBe(false);
    expect(asked()).toEqual(['100 -', '1000 after-a', '1000 after-a']);
  });
});
