import { useEffect, useLayoutEffect, useRef } from 'react';

const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Whether a key press is the viewer's to handle: not typed into a field, held with a modifier, or for a dialog. */
export const viewerKey = (e: KeyboardEvent) =>
  !e.defaultPrevented &&
  !e.altKey &&
  !e.ctrlKey &&
  !e.metaKey &&
  !typingInto(e.target) &&
  !document.querySelector('[role="dialog"], [role="menu"]');

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
      if (!viewerKey(e)) return;
      const towards = e.key === 'ArrowLeft' ? 'previous' : e.key === 'ArrowRight' ? 'next' : null;
      if (towards && latest.current(towards)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
