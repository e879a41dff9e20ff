import { useEffect, useState } from 'react';
import { useSelection } from '../../../shared/selection/useSelection.ts';

/**
 * The photos of an album chosen together: those ticked one by one (`useSelection` over `order`, the photos read so
 * far), or after `selectAll` the whole album, `total` photos, read or not, less the ones unticked since (`all`
 * holds those; at most a few, so requests name them instead of the thousands chosen). `count` says how many are
 * chosen, `selected` which of those the screen has read.
 */
export function useAlbumSelection(order: readonly string[], photoAlbumId: string, total: number) {
  const ticked = useSelection(order, photoAlbumId);
  const [whole, setWhole] = useState<{ scope: string; except: ReadonlySet<string> } | null>(null);
  const all = whole?.scope === photoAlbumId ? whole.except : null;
  const selectAll = () => setWhole({ scope: photoAlbumId, except: new Set() });
  const except = (change: (ids: Set<string>) => void) =>
    setWhole((now) => {
      const ids = new Set(now?.except);
      change(ids);
      return { scope: photoAlbumId, except: ids };
    });
  useEffect(() => {
    if (!all) return;
    const onKey = (e: KeyboardEvent) => {
      // An open dialog or menu takes its own Escape.
      if (
        e.key === 'Escape' &&
        !e.defaultPrevented &&
        !document.querySelector('[role="dialog"], [role="menu"]')
      )
        setWhole(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [all]);

  if (!all) return { ...ticked, all, count: ticked.selected.length, selectAll };
  const toggle = (id: string) => except((ids) => void (ids.delete(id) || ids.add(id)));
  const choose = (id: string) => except((ids) => void ids.delete(id));
  return {
    ...ticked,
    all,
    count: Math.max(0, total - all.size),
    selected: order.filter((id) => !all.has(id)),
    active: true,
    isSelected: (id: string) => !all.has(id),
    toggle,
    // A range within a whole album is already chosen but for what was unticked in it: its ends are chosen again.
    extendTo: choose,
    stepTo: (_from: string, to: string) => choose(to),
    click: (_e: unknown, id: string) => {
      toggle(id);
      return true;
    },
    clear: () => {
      setWhole(null);
      ticked.clear();
    },
    selectAll,
  };
}

/** What `useAlbumSelection` answers. */
export type AlbumSelection = ReturnType<typeof useAlbumSelection>;
