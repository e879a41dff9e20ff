import type { ImageComment } from '@site/contract';

/**
 * A fresh random id for a local comment. `crypto.randomUUID` exists only in secure contexts (https, localhost);
 * a site reached over plain http gets the same kind of version-4 UUID from `getRandomValues`.
 */
export function newLocalId(
  source: { getRandomValues(array: Uint8Array): Uint8Array; randomUUID?: () => string } = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A comment shown before the server has stored it (spec: optimistic creation). */
export function localComment(options: {
  id: string;
  imageId: string;
  displayName: string;
  comment: string;
  now: Date;
}): ImageComment {
  return {
    imageCommentId: options.id,
    imageId: options.imageId,
    displayName: options.displayName,
    comment: options.comment,
    createdAt: options.now.toISOString(),
    modifiedAt: null,
  };
}

/** The list with the local comment added at the end, where the newest comment belongs. */
export function addLocal(comments: readonly ImageComment[], local: ImageComment): ImageComment[] {
  return [...comments, local];
}

/**
 * Puts the server's comment in place of the local one. When the list was reloaded meanwhile and already holds
 * the stored comment, the local one is just dropped, so nothing shows twice.
 */
export function settle(
  comments: readonly ImageComment[],
  localId: string,
  stored: ImageComment,
): ImageComment[] {
  const alreadyThere = comments.some((c) => c.imageCommentId === stored.imageCommentId);
  if (alreadyThere) return comments.filter((c) => c.imageCommentId !== localId);
  if (!comments.some((c) => c.imageCommentId === localId)) return [...comments, stored];
  return comments.map((c) => (c.imageCommentId === localId ? stored : c));
}

/** Takes the local comment back out when the server refused it. */
export function withdraw(comments: readonly ImageComment[], localId: string): ImageComment[] {
  return comments.filter((c) => c.imageCommentId !== localId);
}

/** Shows a comment time the way the product does: en-US, in the viewer's time zone. */
export function commentTime(createdAt: string): string {
  return new Date(createdAt).toLocaleString('en-US');
}
