/** What can take focus by Tab. */
const tabbable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where focus is now, as a place to come back to: an item of an open menu stands for the button that opened
 * the menu, as the item is gone once the menu closes.
 */
export function focusedPlace(): HTMLElement | null {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return null;
  const menu = focused.closest('[role="menu"]');
  if (menu?.id)
    return (
      [...document.querySelectorAll<HTMLElement>('[aria-controls]')].find(
        (opener) => opener.getAttribute('aria-controls') === menu.id,
      ) ?? null
    );
  return focused;
}

/**
 * The focused place and the few controls after it in the page: if what was focused is gone when focus comes
 * back (its row deleted or moved away), what followed it is where the person was.
 */
export function focusTrail(): HTMLElement[] {
  const place = focusedPlace();
  if (!place) return [];
  const after = Array.from(document.querySelectorAll<HTMLElement>(tabbable)).filter(
    (el) =>
      place.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING &&
      !place.contains(el) &&
      !el.closest('[role="menu"], [role="dialog"]'),
  );
  return [place, ...after.slice(0, 3)];
}

/** Focuses the first of `trail` still in the page and shown; answers whether one took focus. */
export function returnFocus(trail: readonly HTMLElement[]): boolean {
  const target = trail.find((el) => el.isConnected && el.getClientRects().length > 0);
  target?.focus();
  return target !== undefined;
}
