/**
 * Which items of a list are selected together, and the anchor a shift-click or Shift+arrow extends from (the item
 * last toggled). Items are known by id; the list's order is passed in, so the same rules serve any list.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const noSelection: Selection = { ids: new Set(), anchor: null };

/** Adds `id`, or takes it out; either way it becomes the anchor. */
export function toggle(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (!ids.delete(id)) ids.add(id);
  return { ids, anchor: id };
}

/**
 * Adds every item from the anchor to `id` in `order`, both ends included, keeping what was selected before and the
 * anchor (as a desktop's shift-click does). With no anchor in the list, it toggles `id`.
 */
export function extendTo(selection: Selection, id: string, order: readonly string[]): Selection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return toggle(selection, id);
  const ids = new Set(selection.ids);
  for (const each of order.slice(Math.min(from, to), Math.max(from, to) + 1)) ids.add(each);
  return { ids, anchor: selection.anchor };
}

/** A keyboard step from `from` to `to` with Shift held: the range grows from `from` when nothing anchors it yet. */
export function stepTo(selection: Selection, from: string, to: string, order: readonly string[]): Selection {
  const anchor = selection.anchor !== null && order.includes(selection.anchor) ? selection.anchor : from;
  return extendTo({ ids: selection.ids, anchor }, to, order);
}

/** The selected ids still in the list, in its order (an item deleted, moved away or hidden drops out). */
export const selectedIn = (selection: Selection, order: readonly string[]): string[] =>
  selection.ids.size === 0 ? [] : order.filter((id) => selection.ids.has(id));
