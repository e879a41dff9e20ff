import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { extendTo, noSelection, selectedIn, stepTo, toggle, type Selection } from './selection.ts';

/**
 * Selecting many items of a list (`order`: their ids, as shown). Cleared when `scope` changes (another album, another
 * page) and by Escape. While anything is selected, a plain click on an item toggles it, as a tap does on a phone
 * after the long press that started the selection.
 */
export function useSelection(order: readonly string[], scope: string) {
  const [state, setState] = useState<{ scope: string; selection: Selection }>({
    scope,
    selection: noSelection,
  });
  // Forgotten on the first render in another scope, so coming back does not bring the old selection back.
  if (state.scope !== scope) setState({ scope, selection: noSelection });
  const selection = state.scope === scope ? state.selection : noSelection;
  const set = (next: (s: Selection) => Selection) =>
    setState((s) => ({ scope, selection: next(s.scope === scope ? s.selection : noSelection) }));
  const selected = useMemo(() => selectedIn(selection, order), [selection, order]);
  const active = selected.length > 0;

  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      // An open dialog or menu takes its own Escape.
      if (
        e.key === 'Escape' &&
        !e.defaultPrevented &&
        !document.querySelector('[role="dialog"], [role="menu"]')
      )
        setState({ scope, selection: noSelection });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, scope]);

  return {
    selected,
    active,
    isSelected: (id: string) => selection.ids.has(id),
    toggle: (id: string) => set((s) => toggle(s, id)),
    extendTo: (id: string) => set((s) => extendTo(s, id, order)),
    stepTo: (from: string, to: string) => set((s) => stepTo(s, from, to, order)),
    clear: () => set(() => noSelection),
    /**
     * A click on an item: ctrl/cmd toggles it, shift extends to it, and a plain one toggles while a selection is
     * under way. Answers whether the click was taken (the caller then keeps it from opening the item).
     */
    click: (e: Pick<MouseEvent, 'ctrlKey' | 'metaKey' | 'shiftKey'>, id: string) => {
      if (e.shiftKey) set((s) => extendTo(s, id, order));
      else if (e.ctrlKey || e.metaKey || active) set((s) => toggle(s, id));
      else return false;
      return true;
    },
  };
}

/** What `useSelection` answers. */
export type ListSelection = ReturnType<typeof useSelection>;
