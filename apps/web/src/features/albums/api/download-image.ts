import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';

/** A short-lived URL that downloads the image at full size, as an attachment named for its album. */
export const downloadImageUrl = async (photoAlbumId: string, imageId: string) =>
  (await okBody(api.albums.downloadImage({ params: { photoAlbumId, imageId } }))).url;
