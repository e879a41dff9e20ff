import { useQuery, useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../../api/client.ts';
import { okBody, retryReads } from '../../../api/failure.ts';

/** A signed URL as cached: `url` is null when the server gave none for the id (gone, or not visible). */
interface Entry {
  url: string | null;
  /** Until when the URL is trusted; the server signs them for 15 minutes. */
  until: number;
}

const cacheKey = ['albums', 'signed-urls'] as const;
const trustFor = 10 * 60_000;
// The contract takes at most 500 ids per request.
const batchSize = 500;

/**
 * Signed GET URLs for image or thumbnail ids, fetched in one request for all the ids not yet known (none when
 * there are none) and kept per id, so adding one image does not re-sign, and so re-download, all the others.
 * `urlOf` answers undefined while loading and null when the server has no URL for the id.
 */
export function useSignedUrls(ids: readonly (string | null | undefined)[]) {
  const queryClient = useQueryClient();
  const { data: known } = useQuery<Record<string, Entry>>({
    queryKey: cacheKey,
    queryFn: () => queryClient.getQueryData<Record<string, Entry>>(cacheKey) ?? {},
    initialData: {},
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const now = Date.now();
  const wanted = [...new Set(ids.filter((id): id is string => !!id))].sort();
  const missing = wanted.filter((id) => !(known[id] && known[id].until > now));

  const batch = useQuery({
    queryKey: ['albums', 'signed-urls-batch', missing.join(',')],
    enabled: missing.length > 0,
    // The same ids come back here once their URLs have expired; by then this answer is stale too.
    staleTime: trustFor,
    retry: retryReads,
    queryFn: async () => {
      const until = Date.now() + trustFor;
      const entries: Record<string, Entry> = {};
      for (let i = 0; i < missing.length; i += batchSize) {
        const chunk = missing.slice(i, i + batchSize);
        const urls = await okBody(tsr.albums.signedUrls.mutate({ body: chunk }));
        for (const id of chunk) entries[id] = { url: urls[id] ?? null, until };
      }
      queryClient.setQueryData<Record<string, Entry>>(cacheKey, (old) => ({ ...old, ...entries }));
      return true;
    },
  });

  return {
    /** The URL of `id`: undefined while loading, null when there is none. */
    urlOf: (id: string | null | undefined): string | null | undefined => {
      if (!id) return null;
      const entry = known[id];
      if (entry) return entry.url;
      return batch.isError ? null : undefined;
    },
  };
}
