import { useEffect, useRef } from 'react';

/**
 * A ref for an element at the end of a list read a page at a time: while there is more to read, `readMore` runs
 * whenever that element comes within about a screen of the viewport, so scrolling never reaches the end of what is
 * shown before the next page is there.
 */
export function useNearEnd<E extends Element>(more: boolean, readMore: () => void) {
  const end = useRef<E>(null);
  const latest = useRef(readMore);
  latest.current = readMore;
  useEffect(() => {
    const element = end.current;
    if (!more || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [more]);
  return end;
}
