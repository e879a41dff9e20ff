import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';

/** Share an album with an address; answers the addresses it is shared with now. */
export const useShareAlbum = () =>
  useMutation({
    mutationFn: ({ photoAlbumId, emailAddress }: { photoAlbumId: string; emailAddress: string }) =>
      okBody(api.albums.share({ params: { photoAlbumId }, body: { emailAddress } })),
  });

/** Stop sharing an album with an address; answers the addresses it is shared with now. */
export const useUnshareAlbum = () =>
  useMutation({
    mutationFn: ({ photoAlbumId, emailAddress }: { photoAlbumId: string; emailAddress: string }) =>
      okBody(api.albums.unshare({ params: { photoAlbumId }, body: { emailAddress } })),
  });
