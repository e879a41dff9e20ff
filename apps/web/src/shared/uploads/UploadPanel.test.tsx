// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../api/failure.ts';
import { UploadPanel } from './UploadPanel.tsx';
import { clearDoneMs, unreachableRetryMs, uploads, type UploadRun } from './upload-store.ts';

/** An upload the test drives by hand: it reports what it is told and ends when told. */
function manualUpload() {
  const runs: { run: UploadRun; finish: () => void; fail: (e: unknown) => void }[] = [];
  const task = (run: UploadRun) =>
    new Promise<void>((finish, fail) => {
      runs.push({ run, finish, fail });
    });
  const last = () => runs.at(-1)!;
  return {
    task,
    runs,
    progress: (loaded: number, total: number) => act(() => last().run.progress(loaded, total)),
    finish: () => act(() => last().finish()),
    fail: (e: unknown) => act(() => last().fail(e)),
  };
}

const panel = () => screen.getByRole('region', { name: 'Uploads' });
const summary = () => panel().querySelector('header span')!.textContent;

/** Starts `upload` as one that can carry on (as every file upload is), with `discard` counting give-ups. */
function startResumable(name: string, upload: ReturnType<typeof manualUpload>) {
  const given = { up: 0 };
  act(() => uploads.start([{ name, task: upload.task }]));
  act(() =>
    upload.runs[0]!.run.pausable(() => {
      given.up++;
      return Promise.resolve();
    }),
  );
  return given;
}

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
  // The store outlives a test: clear what is left (paused and failed items stay through a close).
  act(() => {
    for (const b of screen.queryAllByRole('button', { name: /Remove from list|Cancel the upload/ }))
      b.click();
    uploads.close();
  });
  cleanup();
});

describe('the Uploads panel', () => {
  it('shows each upload with its bytes, percent and a progress bar, and the total', async () => {
    render(<UploadPanel />);
    const a = manualUpload();
    const b = manualUpload();
    act(() =>
      uploads.start([
        { name: 'film.mp4', task: a.task },
        { name: 'notes.txt', task: b.task },
      ]),
    );
    // Sizes not known yet.
    expect(within(panel()).getAllByText('Preparing…').length).toBeGreaterThan(0);
    a.progress(5_000_000, 20_000_000);
    b.progress(0, 5_000_000);
    const bar = await screen.findByRole('progressbar', { name: 'Upload of film.mp4' });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('5000000');
    expect(bar.getAttribute('aria-valuemax')).toBe('20000000');
    expect(bar.getAttribute('aria-valuetext')).toBe('5 MB of 20 MB · 25%');
    expect(within(panel()).getByText('5 MB of 20 MB · 25%')).toBeTruthy();
    const total = screen.getByRole('progressbar', { name: 'All uploads' });
    expect(total.getAttribute('aria-valuetext')).toBe('5 MB of 25 MB · 20%');
    expect(summary()).toBe('2 in progress');
    // The spec's spinner, beside the bar.
    expect(within(panel()).getByText('Uploading film.mp4')).toBeTruthy();

    a.finish();
    b.finish();
    await screen.findByRole('button', { name: 'film.mp4: DONE. Remove from list' });
    await screen.findByRole('button', { name: 'notes.txt: DONE. Remove from list' });
    expect(summary()).toBe('All done');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says why an upload failed, offers Retry, and never says All done beside it', async () => {
    render(<UploadPanel />);
    const ok = manualUpload();
    const broken = manualUpload();
    act(() =>
      uploads.start([
        { name: 'fine.txt', task: ok.task },
        { name: 'big.iso', task: broken.task },
      ]),
    );
    ok.finish();
    broken.progress(1000, 4000);
    broken.fail(new ApiFailure('offline', false));
    await screen.findByText('The connection was lost. Retry once you are back online.');
    expect(screen.getByRole('button', { name: 'big.iso: FAILED. Remove from list' })).toBeTruthy();
    await screen.findByRole('button', { name: 'fine.txt: DONE. Remove from list' });
    expect(summary()).toBe('1 failed');

    await userEvent.click(screen.getByRole('button', { name: 'Retry big.iso' }));
    expect(broken.runs).toHaveLength(2);
    expect(summary()).toBe('1 in progress');
    expect(screen.queryByText(/connection was lost/)).toBeNull();
    broken.finish();
    await expect.poll(summary).toBe('All done');
  });

  it('offers no Retry where trying again cannot help, and shows the server’s words for a refusal', async () => {
    render(<UploadPanel />);
    const tooBig = manualUpload();
    act(() => uploads.start([{ name: 'huge.bin', task: tooBig.task }]));
    tooBig.fail(new ApiFailure('too_large', true, 'too_large', 'Files may be at most 10 GB.'));
    await screen.findByText('Files may be at most 10 GB.');
    expect(screen.queryByRole('button', { name: 'Retry huge.bin' })).toBeNull();
  });

  it('pauses an upload that can carry on, and resumes it by running it again', async () => {
    render(<UploadPanel />);
    const big = manualUpload();
    let discarded = 0;
    act(() => uploads.start([{ name: 'video.mov', task: big.task }]));
    act(() =>
      big.runs[0]!.run.pausable(() => {
        discarded++;
        return Promise.resolve();
      }),
    );
    big.progress(3_000_000, 10_000_000);
    await userEvent.click(await screen.findByRole('button', { name: 'Pause video.mov' }));
    expect(big.runs[0]!.run.signal.aborted).toBe(true);
    // The stopped run's failure is the pause, not a failure.
    big.fail(big.runs[0]!.run.signal.reason);
    expect(await within(panel()).findAllByText('Paused · 3 MB of 10 MB · 30%')).toHaveLength(1);
    expect(summary()).toBe('1 paused');

    await userEvent.click(screen.getByRole('button', { name: 'Resume video.mov' }));
    expect(big.runs).toHaveLength(2);
    expect(summary()).toBe('1 in progress');
    // A late report of the stopped run changes nothing.
    act(() => big.runs[0]!.run.progress(9_999_999, 10_000_000));
    big.progress(6_000_000, 10_000_000);
    await expect
      .poll(() =>
        screen.getByRole('progressbar', { name: 'Upload of video.mov' }).getAttribute('aria-valuenow'),
      )
      .toBe('6000000');

    await userEvent.click(screen.getByRole('button', { name: 'Pause video.mov' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the upload of video.mov' }));
    expect(discarded).toBe(1);
    expect(screen.queryByText('video.mov')).toBeNull();
  });

  it('takes a finished item off the list on a click on DONE; X closes the panel and clears finished ones', async () => {
    render(<UploadPanel />);
    const one = manualUpload();
    const two = manualUpload();
    act(() =>
      uploads.start([
        { name: 'one.txt', task: one.task },
        { name: 'two.txt', task: two.task },
      ]),
    );
    one.finish();
    await userEvent.click(await screen.findByRole('button', { name: 'one.txt: DONE. Remove from list' }));
    expect(screen.queryByText('one.txt')).toBeNull();
    two.fail(new ApiFailure('unavailable', false));
    await screen.findByText('The server cannot store files right now. Retry in a moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Close uploads' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
    // The failed one is still there the next time the panel opens.
    const three = manualUpload();
    act(() => uploads.start([{ name: 'three.txt', task: three.task }]));
    expect(within(panel()).getByText('two.txt')).toBeTruthy();
    three.finish();
  });

  it('says a lost connection will be waited out, and carries on by itself once the browser is back online', async () => {
    render(<UploadPanel />);
    const film = manualUpload();
    startResumable('film.mp4', film);
    film.progress(4_000_000, 10_000_000);
    act(() => onlineManager.setOnline(false));
    // The run in flight is stopped at once, not left to spin.
    expect(film.runs[0]!.run.signal.aborted).toBe(true);
    film.fail(film.runs[0]!.run.signal.reason);
    expect(await within(panel()).findAllByText('Offline — will continue · 4 MB of 10 MB · 40%')).toHaveLength(
      1,
    );
    expect(summary()).toBe('1 waiting for the connection');
    expect(screen.queryByRole('status', { name: 'Uploading film.mp4' })).toBeNull();

    act(() => onlineManager.setOnline(true));
    expect(film.runs).toHaveLength(2);
    expect(summary()).toBe('1 in progress');
    film.finish();
    await screen.findByRole('button', { name: 'film.mp4: DONE. Remove from list' });
  });

  it('never sends an upload that landed back to waiting, in the second it still reads as uploading', async () => {
    vi.useFakeTimers();
    render(<UploadPanel />);
    const photo = manualUpload();
    const unfinished = {
      kind: 'album-photo',
      target: 'a',
      place: 'Summer',
      name: 'photo.jpg',
      size: 9,
      lastModified: 1,
    };
    act(() => uploads.start([{ name: 'photo.jpg', task: photo.task, finishDelayMs: 1000, unfinished }]));
    await act(async () => {
      photo.runs[0]!.finish();
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => onlineManager.setOnline(false));
    expect(summary()).toBe('1 in progress');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'photo.jpg: DONE. Remove from list' })).toBeTruthy();
    expect(photo.runs).toHaveLength(1);
  });

  it('waits and tries again when the site is out of reach though the browser thinks it is online', async () => {
    vi.useFakeTimers();
    render(<UploadPanel />);
    const film = manualUpload();
    startResumable('film.mp4', film);
    film.progress(1_000_000, 10_000_000);
    await act(async () => {
      film.runs[0]!.fail(new ApiFailure('offline', false));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(within(panel()).getAllByText('Offline — will continue · 1 MB of 10 MB · 10%')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(unreachableRetryMs - 1);
    });
    expect(film.runs).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(film.runs).toHaveLength(2);
    expect(summary()).toBe('1 in progress');
  });

  it('lets an upload that cannot carry on fail on a lost connection, with Retry', async () => {
    render(<UploadPanel />);
    const photo = manualUpload();
    act(() => uploads.start([{ name: 'photo.jpg', task: photo.task }]));
    photo.fail(new ApiFailure('offline', false));
    await screen.findByText('The connection was lost. Retry once you are back online.');
    expect(screen.getByRole('button', { name: 'Retry photo.jpg' })).toBeTruthy();
  });

  it('cancels an upload while it runs, stopping it and freeing what it stored', async () => {
    render(<UploadPanel />);
    const film = manualUpload();
    const given = startResumable('film.mp4', film);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the upload of film.mp4' }));
    expect(film.runs[0]!.run.signal.aborted).toBe(true);
    expect(given.up).toBe(1);
    expect(screen.queryByText('film.mp4')).toBeNull();
  });

  it('clears a finished item by itself after a few seconds, and closes the panel once nothing is left', async () => {
    vi.useFakeTimers();
    render(<UploadPanel />);
    const notes = manualUpload();
    act(() => uploads.start([{ name: 'notes.txt', task: notes.task }]));
    await act(async () => {
      notes.runs[0]!.finish();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('button', { name: 'notes.txt: DONE. Remove from list' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(clearDoneMs - 1);
    });
    expect(screen.getByText('notes.txt')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });
});
