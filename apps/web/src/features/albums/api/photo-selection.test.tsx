// @vitest-environment jsdom
import { contract, totalCountHeader, type Image } from '@site/contract';
import { cleanup } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import type { ImagesPage } from '../common/image-pages.ts';
import { useRemovePhotos } from './photo-selection.ts';
import { albumKeys } from './queries.ts';

const albumId = '0b6a3f1e-5d2c-4a8b-9e7f-3c1d2b4a5e6f';
const ids = ['a', 'b', 'c', 'd'].map((c) => `${c.repeat(8)}-5e6f-4a7b-8c9d-0e1f2a3b4c5d`);
const images: Image[] = ids.map((imageId, rank) => ({
  imageId,
  photoAlbumId: albumId,
  thumbnailId: imageId,
  rank,
  renditionId: null,
  takenAt: null,
  original: null,
  video: null,
  addedBy: { userId: 'u', displayName: 'Ada' },
}));

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});
afterEach(cleanup);

/** The selection bar's delete as a screen holds it, over an album whose one page of photos is cached. */
function removing() {
  let action: ReturnType<typeof useRemovePhotos> | undefined;
  function Bar() {
    action = useRemovePhotos();
    return null;
  }
  const { queryClient } = renderScreen(<Bar />);
  const firstPage = { body: images, headers: new Headers({ [totalCountHeader]: '4' }) };
  queryClient.setQueryData<InfiniteData<ImagesPage>>(albumKeys.images(albumId), {
    pages: [firstPage],
    pageParams: [undefined],
  });
  const cached = () =>
    queryClient.getQueryData<InfiniteData<ImagesPage>>(albumKeys.images(albumId))!.pages[0]!;
  return {
    remove: (imageIds: string[]) => action!.mutateAsync({ photoAlbumId: albumId, chosen: { imageIds } }),
    cached,
  };
}

describe("the selection bar's delete", () => {
  it("takes the photos out of the album's cached pages, ranks and total closing up as the server's do", async () => {
    api.on(contract.albums.removeImages, { status: 204 });
    const { remove, cached } = removing();
    await remove([ids[1]!, ids[3]!]);
    expect(cached().body.map((i) => [i.imageId, i.rank])).toEqual([
      [ids[0], 0],
      [ids[2], 1],
    ]);
    expect(cached().headers.get(totalCountHeader)).toBe('2');
  });

  it('leaves the cached photos as they were when the server refuses', async () => {
    api.on(contract.albums.removeImages, { status: 403, body: errorBody('forbidden', 'Not yours') });
    const { remove, cached } = removing();
    await expect(remove([ids[1]!])).rejects.toBeDefined();
    expect(cached().body).toEqual(images);
  });
});
