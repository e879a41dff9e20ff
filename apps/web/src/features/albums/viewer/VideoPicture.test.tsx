// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoPicture } from './VideoPicture.tsx';

afterEach(cleanup);

const show = (download = vi.fn(() => new Promise<string>(() => {}))) => {
  render(
    <VideoPicture
      url="/api/photo-albums/a/photos/v"
      poster={null}
      label="Image 1 of 1 in New Year"
      name="IMG_0042.MOV"
      durationMs={2000}
      shown={false}
      onReady={() => {}}
      onPosterFailed={() => {}}
      download={download}
    />,
  );
  return download;
};

describe('a video kept without a poster, in the viewer', () => {
  it('shows its name and length while the browser tries it', () => {
    show();
    expect(screen.getByText('IMG_0042.MOV')).toBeTruthy();
    expect(screen.getByText('0:02')).toBeTruthy();
    expect(screen.getByLabelText('Image 1 of 1 in New Year').tagName).toBe('VIDEO');
    expect(screen.queryByText(/can’t play/)).toBeNull();
  });

  it('says this browser cannot play it and offers the download, named, when the video fails', () => {
    const download = show();
    fireEvent.error(screen.getByLabelText('Image 1 of 1 in New Year'));
    expect(screen.getByRole('status').textContent).toMatch(
      /^This browser can’t play this video\. Download it/,
    );
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link.getAttribute('download')).toBe('IMG_0042.MOV');
    expect(link.getAttribute('href')).toBe('/api/photo-albums/a/photos/v');
    fireEvent.click(link);
    expect(download).toHaveBeenCalledOnce();
    expect(screen.getByText('IMG_0042.MOV')).toBeTruthy();
  });

  it('says so when the download cannot start', async () => {
    show(vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    fireEvent.error(screen.getByLabelText('Image 1 of 1 in New Year'));
    fireEvent.click(screen.getByRole('link', { name: 'Download' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/download this video/);
  });
});
