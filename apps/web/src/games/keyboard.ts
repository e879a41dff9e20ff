/**
 * Keys typed into form fields, menus and dialogs, and Space or Enter on a focused button, belong to
 * those controls rather than to the game.
 */
export function belongsToControl(event: KeyboardEvent): boolean {
  if (event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  const tag = target?.tagName ?? '';
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable) return true;
  if (target?.closest?.('[role="menu"], [role="dialog"], [role="listbox"]')) return true;
  return tag === 'BUTTON' && (event.key === ' ' || event.key === 'Enter');
}
