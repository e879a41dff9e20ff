import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';

/** Post a comment on an image; answers the comment as stored. */
export const useAddComment = () =>
  useMutation({
    mutationFn: ({
      photoAlbumId,
      imageId,
      comment,
    }: {
      photoAlbumId: string;
      imageId: string;
      comment: string;
    }) => okBody(api.albums.addComment({ params: { photoAlbumId, imageId }, body: { comment } })),
  });
