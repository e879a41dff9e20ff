import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { photoUrl, type Image } from '@site/contract';
import { useCurrentUser } from '../../../api/session.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { isNotFound, isNotVerified } from '../../../api/messages.ts';
import styles from '../common/album.module.css';
import { CommentsPanel } from './CommentsPanel.tsx';
import { mayDownloadOriginal, mayRemovePhoto } from '../common/album-permissions.ts';
import { ImageHeader } from './ImageHeader.tsx';
import { ImageStage } from './ImageStage.tsx';
import { NotFound } from '../common/NotFound.tsx';
import { useAlbum } from '../api/queries.ts';
import { useImagesAround } from '../api/images-around.ts';
import { useViewedNotice } from '../common/useViewedNotice.ts';
import { VerifyEmailNotice } from '../common/VerifyEmailNotice.tsx';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { useDeleteImage } from '../api/delete-album.ts';
import { markImageViewed } from '../api/mark-viewed.ts';
import { downloadImageUrl } from '../api/download-image.ts';
import { downloadOriginalUrl } from '../api/download-original.ts';
import { fullSizeLoader } from '../api/full-size-url.ts';
import { rememberLastSeen } from '../common/last-seen.ts';

/**
 * /albums/:photoAlbumId/:imageId: one image, its neighbours a key or a swipe away (read a page at a time around it,
 * however deep in the album), and its comments. The URL
 * follows the image shown (replacing the history entry at each step), so reload shows it and Back leaves for the
 * album.
 */
export default function ImagePage() {
  const { photoAlbumId = '', imageId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const deleteImage = useDeleteImage();
  const album = useAlbum(photoAlbumId);
  const isOwner = !!user && album.data?.ownerId === user.userId;
  const mayView = !!album.data && (isOwner || !!user?.isEmailVerified);
  const images = useImagesAround(photoAlbumId, imageId, mayView);
  const list = images.data;
  const index = list.findIndex((i) => i.imageId === imageId);
  const current = list[index];
  const previous = index > 0 ? list[index - 1] : undefined;
  const next = current && list[index + 1];
  // Read a page further either way when the photo shown is the last or the first read, so its neighbour is there.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = images;
  const { hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = images;
  const readOn = hasNextPage && index >= 0 && index === list.length - 1;
  const readBack = hasPreviousPage && index === 0;
  useEffect(() => {
    if (readOn && !isFetchingNextPage) void fetchNextPage();
  }, [readOn, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (readBack && !isFetchingPreviousPage) void fetchPreviousPage();
  }, [readBack, isFetchingPreviousPage, fetchPreviousPage]);
  // The screen-sized rendition (or the full size for older images without one); a zoom loads the full size. A
  // video kept without a poster has no picture.
  const shown = (image: Image | undefined) =>
    image && image.thumbnailId !== null ? photoUrl(photoAlbumId, image.renditionId ?? image.imageId) : null;
  useViewedNotice(imageId, mayView && index >= 0, () => markImageViewed(photoAlbumId, imageId));
  // Leaving the viewer, the album puts the focus on this photo's thumbnail.
  useEffect(() => () => rememberLastSeen(photoAlbumId, imageId), [photoAlbumId, imageId]);

  if (!user) return null;
  if (album.isPending || (mayView && (images.isPending || (index < 0 && images.isFetching)))) {
    return <Spinner page label="Loading image" />;
  }
  if (isNotVerified(album.error) || (album.data && !mayView)) {
    return (
      <div className="page">
        <VerifyEmailNotice purpose="see this album" back={{ to: '/albums', label: 'Back to Photo Albums' }} />
      </div>
    );
  }
  // A 404 for the photos around this one, in an album that is there, says the photo is not (any more).
  if (!album.data || (images.isError && !isNotFound(images.error))) {
    return (
      <div className="page">
        {isNotFound(album.error) ? (
          <NotFound back="/albums" backLabel="Back to Photo Albums" />
        ) : (
          <ErrorText>The image could not be loaded.</ErrorText>
        )}
      </div>
    );
  }

  const remove = async () => {
    await deleteImage.mutateAsync({ photoAlbumId, imageId });
    void navigate(`/albums/${photoAlbumId}`);
  };

  const position = index >= 0 ? `Image ${images.start + index + 1} of ${images.total}` : null;
  return (
    <div className="page">
      <ImageHeader
        photoAlbumId={photoAlbumId}
        albumName={album.data.name}
        position={position}
        isNew={!!current?.isNew}
        addedBy={current?.addedBy?.displayName || null}
        takenAt={current?.takenAt ?? null}
        canDelete={!!current && mayRemovePhoto(album.data, current, user.userId)}
        onDelete={remove}
      />
      {!current ? (
        <NotFound back={`/albums/${photoAlbumId}`} backLabel="Back to Photo Album" nested />
      ) : (
        <div className={styles.layout}>
          <section className={styles.main} aria-label={position ?? 'Image'}>
            <ImageStage
              url={shown(current)}
              alt={`${position} in ${album.data.name}`}
              previous={previous ? `/albums/${photoAlbumId}/${previous.imageId}` : null}
              next={next ? `/albums/${photoAlbumId}/${next.imageId}` : null}
              neighbours={[shown(previous), shown(next)]}
              video={
                current.video && {
                  url: photoUrl(photoAlbumId, current.video.videoId),
                  name: current.original?.name ?? 'Video',
                  durationMs: current.video.durationMs,
                }
              }
              fullSize={current.video ? null : fullSizeLoader(album.data, current, user.userId)}
              downloadUrl={() => downloadImageUrl(photoAlbumId, imageId)}
              original={
                !mayDownloadOriginal(album.data, current, user.userId)
                  ? null
                  : current.original
                    ? () => downloadOriginalUrl(photoAlbumId, imageId)
                    : 'notKept'
              }
            />
          </section>
          <CommentsPanel key={imageId} photoAlbumId={photoAlbumId} imageId={imageId} />
        </div>
      )}
    </div>
  );
}
