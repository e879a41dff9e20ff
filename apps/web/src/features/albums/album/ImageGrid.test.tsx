// @vitest-environment jsdom
import { photoUrl, type Image } from '@site/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { ImageGrid } from './ImageGrid.tsx';
import { useSelection } from '../../../shared/selection/useSelection.ts';

const photoAlbumId = '0b6a3f1e-5d2c-4a8b-9e7f-3c1d2b4a5e6f';
const seen = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const added = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

const image = (imageId: string, rank: number, isNew: boolean): Image => ({
  imageId,
  photoAlbumId,
  thumbnailId: imageId,
  rank,
  renditionId: null,
  takenAt: null,
  isNew,
  original: null,
  video: null,
});

beforeEach(() => {
  stubApi();
});
afterEach(cleanup);

function Grid({ images, total = images.length }: { images: Image[]; total?: number }) {
  const selection = useSelection(
    images.map((i) => i.imageId),
    photoAlbumId,
  );
  return (
    <ImageGrid
      photoAlbumId={photoAlbumId}
      images={images}
      total={total}
      more={total > images.length}
      readMore={() => {}}
      editable={false}
      canAdd={false}
      onFiles={() => {}}
      selection={selection}
    />
  );
}

const showGrid = (images: Image[], total?: number) => renderScreen(<Grid images={images} total={total} />);

describe('the album image grid', () => {
  it('badges only the photos new to the viewer, and says so in their names', async () => {
    showGrid([image(seen, 0, false), image(added, 1, true)]);
    const grid = await screen.findByRole('list', { name: 'Images' });
    const fresh = within(grid).getByRole('link', { name: 'Image 2 of 2, new' });
    expect(within(fresh).getByText('New')).toBeTruthy();
    const old = within(grid).getByRole('link', { name: 'Image 1 of 2' });
    expect(within(old).queryByText('New')).toBeNull();
    expect(within(grid).getAllByText('New')).toHaveLength(1);
  });

  it('shows each thumbnail from its lasting URL, which the browser keeps, without asking the server first', async () => {
    showGrid([image(seen, 0, false), image(added, 1, false)]);
    const grid = await screen.findByRole('list', { name: 'Images' });
    const sources = [...grid.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([photoUrl(photoAlbumId, seen), photoUrl(photoAlbumId, added)]);
  });

  it('shows a video kept without a poster as a film icon with its name and length, asking for no picture', async () => {
    const plain: Image = {
      ...image(added, 1, false),
      thumbnailId: null,
      original: { name: 'IMG_0042.MOV', type: 'video/quicktime', size: 13_360 },
      video: { videoId: seen, durationMs: 2000 },
    };
    showGrid([image(seen, 0, false), plain]);
    const grid = await screen.findByRole('list', { name: 'Images' });
    const tile = within(grid).getByRole('link', { name: 'Image 2 of 2, video 0:02' });
    expect(within(tile).getByText('IMG_0042.MOV')).toBeTruthy();
    expect(within(tile).getByText('0:02')).toBeTruthy();
    expect(tile.querySelector('img')).toBeNull();
    expect(grid.querySelectorAll('img')).toHaveLength(1);
  });

  it('badges nothing when the list does not say what is new', async () => {
    const { isNew: _, ...unmarked } = image(added, 0, true);
    showGrid([unmarked]);
    expect(await screen.findByRole('link', { name: 'Image 1 of 1' })).toBeTruthy();
    expect(screen.queryByText('New')).toBeNull();
  });

  it("counts the album's photos not read yet, and says more are coming", async () => {
    showGrid([image(seen, 0, false), image(added, 1, false)], 9000);
    expect(await screen.findByRole('link', { name: 'Image 2 of 9000' })).toBeTruthy();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading more images');
  });
});
