import { tsr } from '../../../api/client.ts';
import { anyAnswer } from '../../../api/failure.ts';

/** Tells the server the user has seen an album (it only feeds notifications, so any answer will do). */
export const markAlbumViewed = (photoAlbumId: string) =>
  anyAnswer(tsr.albums.albumViewed.mutate({ params: { photoAlbumId } }));

/** Tells the server the user has seen an image (it only feeds notifications, so any answer will do). */
export const markImageViewed = (photoAlbumId: string, imageId: string) =>
  anyAnswer(tsr.albums.imageViewed.mutate({ params: { photoAlbumId, imageId } }));
