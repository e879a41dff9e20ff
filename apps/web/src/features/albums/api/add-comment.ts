import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

const request = ({
  photoAlbumId,
  imageId,
  comment,
}: {
  photoAlbumId: string;
  imageId: string;
  comment: string;
}) => ({
  params: { photoAlbumId, imageId },
  body: { comment },
});

/** Post a comment on an image; answers the comment as stored. */
export const useAddComment = () => useAction(tsr.albums.addComment.useMutation(), request);
