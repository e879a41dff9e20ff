import { useEffect, useRef } from 'react';

/**
 * A ref for an element at the end of a list read a page at a time: while there is more to read, `readMore` runs
 * whenever that element comes within about a screen of the viewport, so scrolling never reaches the end of what is
 * shown before the next page is there. `read` is how many items are read so far: when a page arrives with the
 * element still near, it reads on. An observer reports only changes, and the element can stay near across a page
 * (a call made while the page was on its way is dropped, and the browser's scroll anchoring may keep the element
 * in view): the 10,000-photo album's browser test once stopped at its second page, scrolled to the bottom.
 */
export function useNearEnd<E extends Element>(more: boolean, readMore: () => void, read: number) {
  const end = useRef<E>(null);
  const latest = useRef(readMore);
  latest.current = readMore;
  useEffect(() => {
    const element = end.current;
    if (!more || !element || typeof IntersectionObserver === 'undefined') return;
    // A new observer reports the element's state at once, so a page that left it near reads the next.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [more, read]);
  return end;
}
