import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Full-screen mode for one element through the Fullscreen API: `on` follows the browser, so Escape (which the
 * browser handles itself) turns it off here too. `supported` is false where the API is missing (iPhone Safari
 * offers it for videos only), and the control is best left out there.
 */
export function useFullscreen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [on, setOn] = useState(false);
  useEffect(() => {
    const follow = () => setOn(!!ref.current && document.fullscreenElement === ref.current);
    // Browsers leave full screen on Escape themselves; those that pass the key on (headless, kiosks) do it here.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && document.fullscreenElement === ref.current && ref.current)
        void document.exitFullscreen();
    };
    document.addEventListener('fullscreenchange', follow);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', follow);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void ref.current?.requestFullscreen().catch(() => undefined);
  }, []);
  return { ref, on, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}
