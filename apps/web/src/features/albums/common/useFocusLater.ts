import { useEffect, type RefObject } from 'react';

/** Spec: an edit box takes the focus 100 ms after it appears. */
export const focusDelayMs = 100;

/** Focuses `ref` a moment after `active` turns true; `select` also selects its text, ready to be typed over. */
export function useFocusLater(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  active: boolean,
  select = false,
) {
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => {
      ref.current?.focus();
      if (select) ref.current?.select();
    }, focusDelayMs);
    return () => clearTimeout(timer);
  }, [ref, active, select]);
}
