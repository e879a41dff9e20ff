import type { ShareRole } from '@site/contract';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

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
 * shared with; answers the addresses it is shared with now.
 */
export const useShareAlbum = () => useAction(tsr.albums.share.useMutation(), request);

const unshareRequest = ({ photoAlbumId, emailAddress }: { photoAlbumId: string; emailAddress: string }) => ({
  params: { photoAlbumId },
  body: { emailAddress },
});

/** Stop sharing an album with an address; answers the addresses it is shared with now. */
export const useUnshareAlbum = () => useAction(tsr.albums.unshare.useMutation(), unshareRequest);
