import { useEffect, useLayoutEffect, useRef } from 'react';

const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** ← and → call `step` with the side, unless the user is typing, holds a modifier, or a dialog or menu is open. */
export function useStepKeys(step: (towards: 'previous' | 'next') => boolean) {
  // The listener reads the step of the screen as painted: a key pressed as soon as the next image shows must not
  // reach the previous image's step (an effect would swap listeners only after the paint).
  const latest = useRef(step);
  useLayoutEffect(() => {
    latest.current = step;
  }, [step]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typingInto(e.target)) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      const towards = e.key === 'ArrowLeft' ? 'previous' : e.key === 'ArrowRight' ? 'next' : null;
      if (towards && latest.current(towards)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
