import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody } from '../api-result.ts';
import { useAlbumCache } from '../useAlbumCache.ts';

/** Makes an album with the given name and puts it into the cached album list. */
export function useCreateAlbum() {
  const cache = useAlbumCache();
  return useMutation({
    mutationFn: (name: string) => okBody(api.albums.create({ body: { name } })),
    onSuccess: (album) => cache.putAlbum(album),
  });
}
