// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { ViewerControls } from './ViewerControls.tsx';

beforeEach(() => {
  stubApi();
});
afterEach(cleanup);

const controls = (original: (() => Promise<string>) | 'notKept' | null) =>
  renderScreen(
    <ViewerControls
      zoom={{ view: { scale: 1 }, zoomIn: () => {}, zoomOut: () => {} }}
      downloadUrl={() => Promise.resolve('/blobs/x')}
      original={original}
      fullscreen={{ on: false, supported: false, toggle: () => {} }}
    />,
  );

describe("the viewer's original download", () => {
  it('is not offered to someone who may not have the original', () => {
    controls(null);
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /original/ })).toBeNull();
  });

  it('says a photo from before originals were kept has none, where the download would be', async () => {
    const view = controls('notKept');
    await view.user.click(screen.getByRole('button', { name: 'No original' }));
    expect(screen.getByRole('status').textContent).toBe(
      'The original of this photo was not kept: only this copy is.',
    );
  });
});
