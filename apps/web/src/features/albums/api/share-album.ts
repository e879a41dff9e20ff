import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

const request = ({ photoAlbumId, emailAddress }: { photoAlbumId: string; emailAddress: string }) => ({
  params: { photoAlbumId },
  body: { emailAddress },
});

/** Share an album with an address; answers the addresses it is shared with now. */
export const useShareAlbum = () => useAction(tsr.albums.share.useMutation(), request);

/** Stop sharing an album with an address; answers the addresses it is shared with now. */
export const useUnshareAlbum = () => useAction(tsr.albums.unshare.useMutation(), request);
