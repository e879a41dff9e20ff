import { contract } from '@site/contract';
import { insertParamsIntoPath } from '@ts-rest/core';

/** Where an album's photos download as one zip (a plain link: the session cookie is enough). */
export const albumZipUrl = (photoAlbumId: string) =>
  insertParamsIntoPath({ path: contract.albums.zip.path, params: { photoAlbumId } });
