import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useAlbumCache } from './album-cache.ts';

const request = (name: string) => ({ body: { name } });

/** Create an album with a name; answers the new album, which the cached list now holds. */
export function useCreateAlbum() {
  const cache = useAlbumCache();
  const mutation = tsr.albums.create.useMutation({ onSuccess: ({ body }) => cache.putAlbum(body) });
  return useAction(mutation, request);
}
