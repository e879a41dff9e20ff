// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadRun } from './upload-store.ts';
import { readUnfinished, type Unfinished } from './unfinished.ts';

const lastModified = 1_700_000_000_000;
const film: Unfinished = {
  kind: 'file',
  target: 'folder-1',
  place: 'Holidays',
  name: 'film.mp4',
  size: 12,
  lastModified,
};

/** The panel as a page opened after `left` were left unfinished by the one before it (the store reads them as it loads). */
async function openedAfter(left: Unfinished[]) {
  localStorage.setItem('site.unfinishedUploads', JSON.stringify(left));
  vi.resetModules();
  const { uploads } = await import('./upload-store.ts');
  const { UploadPanel } = await import('./UploadPanel.tsx');
  render(<UploadPanel />);
  return uploads;
}

const panel = () => screen.getByRole('region', { name: 'Uploads' });

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('uploads left unfinished by an earlier page', () => {
  it('lists each with where it was going, and carries it on once the same file is chosen again', async () => {
    const uploads = await openedAfter([film]);
    const runs: { run: UploadRun; finish: () => void }[] = [];
    const carriedOn: [File, string][] = [];
    uploads.continueAs('file', (file, target) => {
      carriedOn.push([file, target]);
      return (run) => new Promise<void>((finish) => runs.push({ run, finish }));
    });
    const line = within(panel()).getByRole('listitem');
    expect(line.textContent).toContain('Unfinished: film.mp4 — choose it again to continue');
    expect(line.textContent).toContain('To Holidays · 12 B');
    expect(within(panel()).getByText('1 unfinished')).toBeTruthy();

    // Another file is refused, saying which to choose.
    const picker = screen.getByLabelText('Choose film.mp4 again');
    await userEvent.upload(picker, new File(['other bytes!'], 'film.mp4', { lastModified: 1 }));
    await screen.findByText('That is another file. Choose film.mp4 again to continue.');
    expect(carriedOn).toHaveLength(0);

    const same = new File(['twelve bytes'], 'film.mp4', { lastModified });
    await userEvent.upload(picker, same);
    expect(carriedOn).toEqual([[same, 'folder-1']]);
    expect(within(panel()).getByText('1 in progress')).toBeTruthy();
    // Still unfinished until it is done: a reload now would list it again.
    expect(readUnfinished()).toEqual([film]);
    await act(async () => runs[0]!.finish());
    await screen.findByRole('button', { name: 'film.mp4: DONE. Remove from list' });
    expect(readUnfinished()).toEqual([]);
  });

  it('is replaced by the same upload started again from its screen, and forgotten when given up', async () => {
    const notes = { ...film, name: 'notes.txt' };
    const uploads = await openedAfter([film, notes]);
    act(() => uploads.start([{ name: 'film.mp4', task: () => new Promise(() => {}), unfinished: film }]));
    expect(
      within(panel())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Unfinished: notes.txt'), expect.stringContaining('film.mp4')]);
    await userEvent.click(screen.getByRole('button', { name: 'Forget the upload of notes.txt' }));
    expect(readUnfinished()).toEqual([film]);
  });
});
