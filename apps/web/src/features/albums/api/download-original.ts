import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';

/** A short-lived URL that downloads the photo's original under the name it was picked with. */
export const downloadOriginalUrl = async (photoAlbumId: string, imageId: string) =>
  (await okBody(api.albums.downloadOriginal({ params: { photoAlbumId, imageId } }))).url;
