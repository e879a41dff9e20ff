import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../../api/session.ts';
import {
  claimSharedPhotos,
  clearSharedPhotos,
  isSharedPhotoPath,
  sharedPhotosCache,
} from '../../../shared/shared-photos.ts';

const key = ['albums', 'shared-photos'] as const;

/** The photos the service worker kept from a share, in the order they were shared, as `userId` may see them. */
async function readSharedPhotos(userId: string | null): Promise<File[]> {
  if (userId) await claimSharedPhotos(userId);
  if (!('caches' in window) || !(await caches.has(sharedPhotosCache))) return [];
  const cache = await caches.open(sharedPhotosCache);
  const requests = [...(await cache.keys())].filter((r) => isSharedPhotoPath(new URL(r.url).pathname));
  const order = (r: Request) => Number(new URL(r.url).pathname.split('/').pop());
  const files = await Promise.all(
    requests
      .sort((a, b) => order(a) - order(b))
      .map(async (request, i) => {
        const res = (await cache.match(request))!;
        const name = decodeURIComponent(res.headers.get('X-File-Name') ?? `photo-${i + 1}.jpg`);
        return new File([await res.blob()], name, { type: res.headers.get('Content-Type') ?? '' });
      }),
  );
  return files;
}

/** Photos shared to the site from the phone's gallery, waiting to be added to an album; `clear` drops them. */
export function useSharedPhotos() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().user?.userId ?? null;
  const query = useQuery({
    queryKey: [...key, userId],
    queryFn: () => readSharedPhotos(userId),
    staleTime: Infinity,
  });
  return {
    files: query.data,
    clear: async () => {
      await clearSharedPhotos();
      queryClient.setQueryData([...key, userId], []);
    },
  };
}
