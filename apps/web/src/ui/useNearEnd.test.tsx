// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearEnd } from './useNearEnd.ts';

/**
 * An IntersectionObserver as browsers have it for this purpose: it reports the element's state once when it starts
 * observing, then only changes (which these tests make none of: the element stays near throughout).
 */
class NearObserver {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(element: Element) {
    queueMicrotask(() =>
      this.report(
        [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  disconnect() {}
}

function List({ read, readMore }: { read: number; readMore: () => void }) {
  const end = useNearEnd<HTMLDivElement>(true, readMore, read);
  return <div ref={end}>Loading more</div>;
}

describe('useNearEnd', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', NearObserver));
  afterEach(() => vi.unstubAllGlobals());

  it('reads on when a page arrives and the end is still near, not only when it comes near', async () => {
    const readMore = vi.fn();
    const { rerender } = render(<List read={240} readMore={readMore} />);
    await vi.waitFor(() => expect(readMore).toHaveBeenCalledTimes(1));
    rerender(<List read={480} readMore={readMore} />);
    await vi.waitFor(() => expect(readMore).toHaveBeenCalledTimes(2));
    // Nothing arrived: no call beyond the one per page.
    rerender(<List read={480} readMore={readMore} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readMore).toHaveBeenCalledTimes(2);
  });
});
