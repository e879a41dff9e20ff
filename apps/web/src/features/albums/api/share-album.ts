import type { ShareRole } from '@site/contract';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useAlbumCache } from './album-cache.ts';

const request = ({
  photoAlbumId,
  ...body
}: {
  photoAlbumId: string;
  emailAddress: string;
  role?: ShareRole;
}) => ({ params: { photoAlbumId }, body });

/**
 * Share an album with an address, as `role` (viewer when new and not given), or change the role of an address it is
 * shared with; answers the addresses it is shared with now, which the cached shares take, each keeping its role.
 */
export function useShareAlbum() {
  const cache = useAlbumCache();
  const mutation = tsr.albums.share.useMutation({
    onSuccess: ({ body: shares }, { params, body: { emailAddress, role } }) =>
      cache.putShares(params.photoAlbumId, shares, role && { emailAddress, role }),
  });
  return useAction(mutation, request);
}

const unshareRequest = ({ photoAlbumId, emailAddress }: { photoAlbumId: string; emailAddress: string }) => ({
  params: { photoAlbumId },
  body: { emailAddress },
});

/** Stop sharing an album with an address; answers the addresses it is shared with now, as the cache holds them. */
export function useUnshareAlbum() {
  const cache = useAlbumCache();
  const mutation = tsr.albums.unshare.useMutation({
    onSuccess: ({ body: shares }, { params }) => cache.putShares(params.photoAlbumId, shares),
  });
  return useAction(mutation, unshareRequest);
}
