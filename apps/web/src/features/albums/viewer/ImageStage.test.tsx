// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageStage } from './ImageStage.tsx';

afterEach(cleanup);

/** An album of three photos, 1 to 3, each shown by the stage the way the image page shows it. */
function Photo() {
  const n = Number(useParams().n);
  const to = (m: number) => (m >= 1 && m <= 3 ? `/albums/a/${m}` : null);
  const navigate = useNavigate();
  return (
    <>
      <p>photo {n}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
      <ImageStage
        url={`/blobs/${n}`}
        video={null}
        alt={`Image ${n}`}
        previous={to(n - 1)}
        next={to(n + 1)}
        neighbours={[]}
        fullSize={null}
        downloadUrl={() => Promise.resolve('/blobs/x')}
        original={null}
      />
    </>
  );
}

/** The stage showing photo 1, with nothing to go back to. */
function renderFirstPhoto() {
  render(
    <MemoryRouter initialEntries={['/albums/a/1']}>
      <Routes>
        <Route path="/albums/a/:n" element={<Photo />} />
      </Routes>
    </MemoryRouter>,
  );
}

function Album() {
  return <p>the album</p>;
}

describe("stepping through the viewer's photos", () => {
  it('replaces the history entry at each step, so Back leaves for the album', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/albums/a', '/albums/a/1']} initialIndex={1}>
        <Routes>
          <Route path="/albums/a" element={<Album />} />
          <Route path="/albums/a/:n" element={<Photo />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByText('photo 2')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Next image' }));
    expect(await screen.findByText('photo 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('the album')).toBeTruthy();
  });

  it('zooms with + and -, back to the whole picture with 0, and starts each photo unzoomed', async () => {
    renderFirstPhoto();
    const zoomOut = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Zoom out' });
    expect(zoomOut().disabled).toBe(true);
    fireEvent.keyDown(window, { key: '+' });
    expect(zoomOut().disabled).toBe(false);
    fireEvent.keyDown(window, { key: '0' });
    expect(zoomOut().disabled).toBe(true);
    fireEvent.keyDown(window, { key: '+' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByText('photo 2')).toBeTruthy();
    expect(zoomOut().disabled).toBe(true);
  });
});

describe('a photo whose file cannot be loaded', () => {
  it('says so with a Retry that asks for it again, instead of a spinner', async () => {
    const user = userEvent.setup();
    renderFirstPhoto();
    const picture = () => screen.getByRole<HTMLImageElement>('img', { name: 'Image 1' });
    const first = picture();
    fireEvent.error(first);
    expect(screen.getByRole('alert').textContent).toContain('This photo could not be loaded.');
    expect(screen.queryByText('Loading image')).toBeNull();
    // Nothing to zoom either.
    expect(screen.queryByRole('button', { name: 'Zoom in' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    // A new element, so the browser asks for the picture again; loading, it shows the spinner meanwhile.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(picture()).not.toBe(first);
    expect(screen.getByText('Loading image')).toBeTruthy();
    fireEvent.load(picture());
    expect(screen.queryByText('Loading image')).toBeNull();
  });
});

describe('a video in the viewer', () => {
  it('has no zoom buttons, which would do nothing to it, but keeps Download', () => {
    render(
      <MemoryRouter>
        <ImageStage
          url="/blobs/poster"
          video={{ url: '/blobs/video', name: 'Beach.mp4', durationMs: 12_000 }}
          alt="Image 1"
          previous={null}
          next={null}
          neighbours={[]}
          fullSize={null}
          downloadUrl={() => Promise.resolve('/blobs/x')}
          original={null}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zoom in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zoom out' })).toBeNull();
  });
});
