import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { FileNode } from '@site/contract';
import { fileKeys } from './file-keys.ts';
import type { ListingData, ListingPage } from './folder-listing.ts';
import { nodeAdded, nodeMoved, nodeRemoved, nodeRenamed } from './listing-cache.ts';

const folder = (name: string, parentId: string | null, size = 0): FileNode => ({
  nodeId: name,
  parentId,
  name,
  size,
  isDirectory: true,
});
const file = (name: string, parentId: string | null, size: number): FileNode => ({
  ...folder(name, parentId, size),
  isDirectory: false,
});

/** A listing of `pages` as the server sent them (every page but the last says there is another). */
const listing = (...pages: FileNode[][]): ListingData => ({
  pages: pages.map((nodes, i) => ({ nodes, next: i < pages.length - 1 ? `after-${i}` : undefined })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `after-${i - 1}`)),
});

/** docs (15) > work (10) > plan.txt (10); docs > note.txt (5); photos (0): the top level, docs and work read. */
function sample() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(
    fileKeys.listing(null),
    listing([folder('docs', null, 15), folder('photos', null)]),
  );
  queryClient.setQueryData(
    fileKeys.listing('docs'),
    listing([folder('work', 'docs', 10)], [file('note.txt', 'docs', 5)]),
  );
  queryClient.setQueryData(fileKeys.listing('work'), listing([file('plan.txt', 'work', 10)]));
  const read = (folderId: string | null) =>
    queryClient.getQueryData<ListingData>(fileKeys.listing(folderId))?.pages.flatMap((p) => p.nodes) ?? [];
  const names = (folderId: string | null) => read(folderId).map((n) => n.name);
  const sizeOf = (nodeId: string) =>
    [null, 'docs', 'work'].flatMap(read).find((n) => n.nodeId === nodeId)?.size;
  return { queryClient, read, names, sizeOf };
}

describe('the cached listings after a change', () => {
  it('show a new file in its folder and grow every folder above it, once even if it came already', async () => {
    const { queryClient, names, sizeOf } = sample();
    const added = file('new.bin', 'work', 7);
    await nodeAdded(queryClient, added);
    expect(names('work')).toEqual(['plan.txt', 'new.bin']);
    expect([sizeOf('docs'), sizeOf('work')]).toEqual([22, 17]);
    await nodeAdded(queryClient, added);
    expect(names('work')).toEqual(['plan.txt', 'new.bin']);
    expect([sizeOf('docs'), sizeOf('work')]).toEqual([22, 17]);
  });

  it('add to the last page read, keeping the cursor of the next one', async () => {
    const { queryClient } = sample();
    await nodeAdded(queryClient, folder('New Directory', 'docs'));
    const pages = queryClient.getQueryData<ListingData>(fileKeys.listing('docs'))?.pages;
    expect(pages?.map((p: ListingPage) => [p.nodes.map((n) => n.name), p.next])).toEqual([
      [['work'], 'after-0'],
      [['note.txt', 'New Directory'], undefined],
    ]);
  });

  it('drop a deleted folder and shrink the folders above', async () => {
    const { queryClient, names, sizeOf } = sample();
    await nodeRemoved(queryClient, 'work');
    expect(names('docs')).toEqual(['note.txt']);
    expect(sizeOf('docs')).toBe(5);
  });

  it('move a node: the old folders above lose its size, the new ones gain it', async () => {
    const { queryClient, names, read, sizeOf } = sample();
    await nodeMoved(queryClient, file('plan.txt', 'photos', 10));
    expect(names('work')).toEqual([]);
    expect([sizeOf('docs'), sizeOf('work'), sizeOf('photos')]).toEqual([5, 0, 10]);
    await nodeMoved(queryClient, file('note.txt', null, 5));
    expect(read(null).map((n) => [n.name, n.parentId, n.size])).toEqual([
      ['docs', null, 0],
      ['photos', null, 10],
      ['note.txt', null, 5],
    ]);
  });

  it('move into a folder not read: the node leaves the table, and the folders read on its path grow', async () => {
    const { queryClient, names, sizeOf } = sample();
    const unseen = 'a-folder-never-opened';
    await nodeMoved(queryClient, folder('work', unseen, 10), ['photos', unseen]);
    expect(names('docs')).toEqual(['note.txt']);
    expect([sizeOf('docs'), sizeOf('photos')]).toEqual([5, 10]);
    expect(queryClient.getQueryData(fileKeys.listing(unseen))).toBeUndefined();
  });

  it('rename from the server answer, keeping size and place', async () => {
    const { queryClient, read } = sample();
    await nodeRenamed(queryClient, { ...folder('work', 'docs', 0), name: 'jobs' });
    expect(read('docs')[0]).toEqual({ ...folder('work', 'docs', 10), name: 'jobs' });
  });

  it('are not written over by a page that was on its way', async () => {
    const { queryClient, read } = sample();
    let answer: (page: ListingPage) => void = () => undefined;
    const refetch = queryClient.prefetchInfiniteQuery({
      queryKey: fileKeys.listing('docs'),
      queryFn: () => new Promise<ListingPage>((resolve) => (answer = resolve)),
      initialPageParam: null as string | null,
      getNextPageParam: (page: ListingPage) => page.next,
    });
    await nodeRenamed(queryClient, { ...folder('work', 'docs'), name: 'jobs' });
    answer({ nodes: [folder('work', 'docs', 10)], next: undefined });
    await refetch;
    expect(read('docs').map((n) => n.name)).toEqual(['jobs', 'note.txt']);
  });
});
