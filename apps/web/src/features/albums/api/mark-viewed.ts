import { api } from '../../../api/client.ts';
import { anyAnswer } from '../../../api/failure.ts';

/** Tells the server the user has seen an album (it only feeds notifications). */
export const markAlbumViewed = (photoAlbumId: string) =>
  anyAnswer(api.albums.albumViewed({ params: { photoAlbumId } }));

/** Tells the server the user has seen an image (it only feeds notifications). */
export const markImageViewed = (photoAlbumId: string, imageId: string) =>
  anyAnswer(api.albums.imageViewed({ params: { photoAlbumId, imageId } }));
