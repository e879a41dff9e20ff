import type { TrashItem } from '@site/contract';
import { formatSize } from '../../shared/format.ts';

/** What kind of thing an item is, as a word. */
export function kindWord(item: TrashItem): string {
  if (item.kind === 'node') return item.isDirectory ? 'Folder' : 'File';
  return item.kind === 'album' ? 'Album' : 'Photo';
}

/** Where the item was, as a reader finds it again: `Files › docs/2024`, `Photo Albums`, `Album “Summer”`. */
export function placeText(item: TrashItem): string {
  if (item.kind === 'node') return item.place ? `Files › ${item.place}` : 'Files';
  if (item.kind === 'album') return 'Photo Albums';
  return `Album “${item.place}”`;
}

/** The size when the site knows it (all but photos stored before it kept sizes, and their albums), else nothing. */
export const sizeText = (item: TrashItem) => (item.size === null ? '' : formatSize(item.size));

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A time as the site shows times. */
export const dateText = (iso: string) => dateFormat.format(new Date(iso));

/** The item as one phrase, for buttons' accessible names and messages. */
export const itemLabel = (item: TrashItem) =>
  item.kind === 'photo' ? `photo from “${item.place}”` : `${kindWord(item).toLowerCase()} “${item.name}”`;
