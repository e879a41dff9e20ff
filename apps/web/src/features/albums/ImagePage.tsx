import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Image } from '@site/contract';
import { useCurrentUser } from '../../api/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { isNotFound, isNotVerified } from '../../api/messages.ts';
import styles from './album.module.css';
import { CommentsPanel } from './CommentsPanel.tsx';
import { mayDownloadOriginal, mayRemovePhoto } from './album-permissions.ts';
import { ImageHeader } from './ImageHeader.tsx';
import { ImageStage } from './ImageStage.tsx';
import { NotFound } from './NotFound.tsx';
import { useAlbum, useImages } from './api/queries.ts';
import { useAlbumCache } from './useAlbumCache.ts';
import { useSignedUrls } from './api/signed-urls.ts';
import { useViewedNotice } from './useViewedNotice.ts';
import { VerifyEmailNotice } from './VerifyEmailNotice.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { useDeleteImage } from './api/delete-album.ts';
import { markImageViewed } from './api/mark-viewed.ts';
import { downloadImageUrl } from './api/download-image.ts';
import { downloadOriginalUrl } from './api/download-original.ts';

/**
 * /albums/:photoAlbumId/:imageId: one image, its neighbours a key or a swipe away, and its comments. The URL
 * follows the image shown, so Back and reload work.
 */
export default function ImagePage() {
  const { photoAlbumId = '', imageId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const cache = useAlbumCache();
  const deleteImage = useDeleteImage();
  const album = useAlbum(photoAlbumId);
  const isOwner = !!user && album.data?.ownerId === user.userId;
  const mayView = !!album.data && (isOwner || !!user?.isEmailVerified);
  const images = useImages(photoAlbumId, mayView);
  const list = images.data ?? [];
  const index = list.findIndex((i) => i.imageId === imageId);
  const current = list[index];
  const previous = index > 0 ? list[index - 1] : undefined;
  const next = current && list[index + 1];
  // The screen-sized rendition unless the user asked for the full size (or there is none: older images).
  const [fullSize, setFullSize] = useState(false);
  const shown = (image: Image | undefined) =>
    image && (fullSize ? image.imageId : (image.renditionId ?? image.imageId));
  // The neighbours are signed along with this image, so stepping through the album shows each at once.
  const { urlOf } = useSignedUrls(
    mayView && current ? [shown(current), shown(previous), shown(next), current.video?.videoId] : [],
  );
  const url = current ? urlOf(shown(current)) : null;
  useViewedNotice(imageId, mayView && index >= 0, () => markImageViewed(photoAlbumId, imageId));

  if (!user) return null;
  if (album.isPending || (mayView && images.isPending)) return <Spinner page label="Loading image" />;
  if (isNotVerified(album.error) || (album.data && !mayView)) {
    return (
      <div className="page">
        <VerifyEmailNotice purpose="see this album" back={{ to: '/albums', label: 'Back to Photo Albums' }} />
      </div>
    );
  }
  if (!album.data || images.isError) {
    return (
      <div className="page">
        {isNotFound(album.error) || isNotFound(images.error) ? (
          <NotFound back="/albums" backLabel="Back to Photo Albums" />
        ) : (
          <ErrorText>The image could not be loaded.</ErrorText>
        )}
      </div>
    );
  }

  const remove = async () => {
    const removedRank = list[index]?.rank ?? Infinity;
    await deleteImage.mutateAsync({ photoAlbumId, imageId });
    cache.setImages(photoAlbumId, (all) =>
      all
        .filter((i) => i.imageId !== imageId)
        .map((i) => (i.rank > removedRank ? { ...i, rank: i.rank - 1 } : i)),
    );
    cache.refreshAlbum(photoAlbumId);
    void navigate(`/albums/${photoAlbumId}`);
  };

  const position = index >= 0 ? `Image ${index + 1} of ${list.length}` : null;
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
      {url === null || !current ? (
        <NotFound back={`/albums/${photoAlbumId}`} backLabel="Back to Photo Album" nested />
      ) : (
        <div className={styles.layout}>
          <section className={styles.main} aria-label={position ?? 'Image'}>
            <ImageStage
              url={url}
              alt={`${position} in ${album.data.name}`}
              previous={previous ? `/albums/${photoAlbumId}/${previous.imageId}` : null}
              next={next ? `/albums/${photoAlbumId}/${next.imageId}` : null}
              neighbours={[urlOf(shown(previous)), urlOf(shown(next))]}
              video={current.video && { url: urlOf(current.video.videoId) ?? undefined }}
              fullSize={current.renditionId ? fullSize : null}
              onFullSize={() => setFullSize((on) => !on)}
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
