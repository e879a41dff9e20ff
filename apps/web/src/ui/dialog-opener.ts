/**
 * The control a dialog should give the focus back to when it closes: the focused element as it opens, or, when
 * that is an item of a drop-down menu (which closes as the dialog opens), the button that opened the menu.
 */
export function dialogOpener(focused: Element | null): HTMLElement | null {
  const menu = focused?.closest('[role="menu"]');
  const opener = menu
    ? [...document.querySelectorAll('[aria-controls]')].find(
        (e) => e.getAttribute('aria-controls') === menu.id,
      )
    : focused;
  return opener instanceof HTMLElement && opener !== document.body ? opener : null;
}
