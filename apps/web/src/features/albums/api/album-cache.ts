import type { InfiniteData } from '@tanstack/react-query';
import {
  nextPageHeader,
  type Image,
  type ImageComment,
  type PhotoAlbum,
  type ShareRoles,
  type Shares,
} from '@site/contract';
import { useMemo } from 'react';
import { tsr } from '../../../api/client.ts';
import { changeBody, okAnswer } from '../../../api/cached-answer.ts';
import { albumKeys, oldestFirst } from './queries.ts';
import { changePages, type ImagesPage } from '../common/image-pages.ts';
import { withoutRanked } from '../common/ranks.ts';
import { withRoles } from '../common/share-roles.ts';

/** Writes to the cached album reads, so every screen shows a change the moment it is known. */
export function useAlbumCache() {
  const queryClient = tsr.useQueryClient();
  return useMemo(() => {
    /** Reloads what the server derives (an album's thumbnail) after its first image may have changed. */
    const refreshAlbum = (photoAlbumId: string) => {
      void queryClient.invalidateQueries({ queryKey: albumKeys.album(photoAlbumId) });
      void queryClient.invalidateQueries({ queryKey: albumKeys.list });
    };
    return {
      /** Replaces the user's album list (for local reordering). */
      setAlbums(update: (albums: PhotoAlbum[]) => PhotoAlbum[]) {
        queryClient.albums.list.setQueryData(albumKeys.list, changeBody(update));
      },
      /** Stores an album as the server answered it, in its own entry and in the list. */
      putAlbum(album: PhotoAlbum) {
        queryClient.albums.get.setQueryData(albumKeys.album(album.photoAlbumId), okAnswer(album));
        queryClient.albums.list.setQueryData(
          albumKeys.list,
          changeBody((albums) => {
            const known = albums.some((a) => a.photoAlbumId === album.photoAlbumId);
            return known
              ? albums.map((a) => (a.photoAlbumId === album.photoAlbumId ? album : a))
              : [...albums, album];
          }),
        );
      },
      /** Forgets a deleted album; the others' ranks close the gap as the server's do. */
      dropAlbum(photoAlbumId: string) {
        queryClient.albums.list.setQueryData(
          albumKeys.list,
          changeBody((albums) => {
            const gone = albums.find((a) => a.photoAlbumId === photoAlbumId);
            if (!gone) return albums;
            return albums
              .filter((a) => a !== gone)
              .map((a) =>
                a.ownerId === gone.ownerId && a.rank > gone.rank ? { ...a, rank: a.rank - 1 } : a,
              );
          }),
        );
        queryClient.removeQueries({ queryKey: albumKeys.album(photoAlbumId) });
        queryClient.removeQueries({ queryKey: albumKeys.images(photoAlbumId) });
      },
      /** Takes images out of an album's pages read so far, as the server did; its thumbnail may have changed. */
      dropImages(photoAlbumId: string, imageIds: readonly string[]) {
        const gone = new Set(imageIds);
        queryClient.setQueryData(
          albumKeys.images(photoAlbumId),
          changePages((all) => withoutRanked(all, (image) => gone.has(image.imageId))),
        );
        refreshAlbum(photoAlbumId);
      },
      /** Replaces an album's image list read so far (`update` gets it in the album's order). */
      setImages(photoAlbumId: string, update: (images: Image[]) => Image[]) {
        queryClient.setQueryData(albumKeys.images(photoAlbumId), changePages(update));
        // The viewer's pages are read again when it next opens on them.
        void queryClient.invalidateQueries({ queryKey: albumKeys.around(photoAlbumId), refetchType: 'none' });
      },
      /**
       * Shows an image just added: last in an album ordered by hand (as the server put it); an album ordered by date
       * is listed again, since only the server knows where it goes. A first image is the album's new thumbnail.
       */
      addImage(image: Image) {
        const { photoAlbumId } = image;
        const album = queryClient.albums.get.getQueryData(albumKeys.album(photoAlbumId));
        const key = albumKeys.images(photoAlbumId);
        // Last in the album: after the pages not read yet, if any, which will bring it when they are.
        const unread = !!queryClient
          .getQueryData<InfiniteData<ImagesPage>>(key)
          ?.pages.at(-1)
          ?.headers.has(nextPageHeader);
        queryClient.setQueryData(
          key,
          unread
            ? changePages((all) => all, 1)
            : changePages((all) => [...all.filter((i) => i.imageId !== image.imageId), image]),
        );
        if (album?.status === 200 && album.body.order === 'taken') {
          void queryClient.invalidateQueries({ queryKey: albumKeys.images(photoAlbumId) });
        }
        if (image.rank === 0) refreshAlbum(photoAlbumId);
      },
      /** Changes an image's comments (`update` gets them oldest first, none when not loaded yet). */
      setComments(
        photoAlbumId: string,
        imageId: string,
        update: (comments: ImageComment[]) => ImageComment[],
      ) {
        queryClient.albums.comments.setQueryData(albumKeys.comments(imageId), (answer) =>
          okAnswer(update(oldestFirst(answer?.body ?? []))),
        );
      },
      /**
       * Stores the addresses an album is shared with, as the server answered them, each keeping its role;
       * `changed` is the share just made or changed.
       */
      putShares(photoAlbumId: string, shares: Shares, changed?: ShareRoles[number]) {
        queryClient.albums.shareRoles.setQueryData(albumKeys.shares(photoAlbumId), (answer) =>
          okAnswer(withRoles(answer?.body ?? [], shares, changed)),
        );
      },
      refreshAlbum,
      /** Lists an album's images again (after its order changed). */
      refreshImages(photoAlbumId: string) {
        void queryClient.invalidateQueries({ queryKey: albumKeys.images(photoAlbumId) });
      },
      /** Reloads the album list (what is new in it changes as albums are opened). */
      refreshList() {
        void queryClient.invalidateQueries({ queryKey: albumKeys.list });
      },
      /** Reloads everything of the album area, to get back in step after a refused change. */
      reloadAll() {
        void queryClient.invalidateQueries({ queryKey: albumKeys.all });
      },
    };
  }, [queryClient]);
}
