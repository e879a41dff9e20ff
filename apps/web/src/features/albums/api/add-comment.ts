import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useCurrentUser } from '../../../api/session.ts';
import { useAlbumCache } from './album-cache.ts';
import { addLocal, localComment, newLocalId, settle, withdraw } from './comment-merge.ts';

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

/**
 * Post a comment on an image; answers the comment as stored. The comment shows at once under the user's name and
 * is swapped for the stored one when the server answers, or taken back out if it refuses (spec: optimistic
 * creation).
 */
export function useAddComment() {
  const { user } = useCurrentUser();
  const cache = useAlbumCache();
  const mutation = tsr.albums.addComment.useMutation({
    onMutate: ({ params: { photoAlbumId, imageId }, body: { comment } }) => {
      const local = localComment({
        id: newLocalId(),
        imageId,
        displayName: user?.displayName ?? '',
        comment,
        now: new Date(),
      });
      cache.setComments(photoAlbumId, imageId, (list) => addLocal(list, local));
      return local.imageCommentId;
    },
    onSuccess: ({ body }, { params: { photoAlbumId, imageId } }, localId) =>
      cache.setComments(photoAlbumId, imageId, (list) => settle(list, localId, body)),
    onError: (_error, { params: { photoAlbumId, imageId } }, localId) => {
      if (localId) cache.setComments(photoAlbumId, imageId, (list) => withdraw(list, localId));
    },
  });
  return useAction(mutation, request);
}
