import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useCurrentUser } from '../../../api/session.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { isNotFound, isNotVerified } from '../../../api/messages.ts';
import { AlbumHeader } from './AlbumHeader.tsx';
import styles from '../common/album.module.css';
import { DescriptionPanel } from './DescriptionPanel.tsx';
import { mayAddPhotos } from '../common/album-permissions.ts';
import { ImageGrid } from './ImageGrid.tsx';
import { NotFound } from '../common/NotFound.tsx';
import { PhotoDropArea } from './PhotoDropArea.tsx';
import { useAlbum, useImages } from '../api/queries.ts';
import { useAddPhotos } from '../api/add-photos.ts';
import { useViewedNotice } from '../common/useViewedNotice.ts';
import { VerifyEmailNotice } from '../common/VerifyEmailNotice.tsx';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { useMarkAlbumViewed } from '../api/mark-viewed.ts';
import { PhotoSelection } from './PhotoSelection.tsx';
import { useAlbumSelection } from './useAlbumSelection.ts';

/**
 * /albums/:photoAlbumId: the album's name, images and description; the owner edits, shares and uploads; a
 * contributor uploads too.
 */
export default function AlbumPage() {
  const { photoAlbumId = '' } = useParams();
  const { user } = useCurrentUser();
  const markAlbumViewed = useMarkAlbumViewed();
  const addPhotos = useAddPhotos();
  const album = useAlbum(photoAlbumId);
  const isOwner = !!user && album.data?.ownerId === user.userId;
  const mayView = !!album.data && (isOwner || !!user?.isEmailVerified);
  const images = useImages(photoAlbumId, mayView);
  const order = useMemo(() => (images.data ?? []).map((image) => image.imageId), [images.data]);
  const selection = useAlbumSelection(order, photoAlbumId, images.total);
  // Once seen, the album is no longer new in the list.
  useViewedNotice(photoAlbumId, mayView, () => markAlbumViewed(photoAlbumId));

  if (!user) return null;
  if (album.isPending) return <Spinner page label="Loading photo album" />;
  if (isNotVerified(album.error) || (album.data && !mayView)) {
    return (
      <div className="page">
        <VerifyEmailNotice purpose="see this album" back={{ to: '/albums', label: 'Back to Photo Albums' }} />
      </div>
    );
  }
  if (!album.data) {
    return (
      <div className="page">
        {isNotFound(album.error) ? (
          <NotFound back="/albums" backLabel="Back to Photo Albums" />
        ) : (
          <div className="row">
            <ErrorText>The photo album could not be loaded.</ErrorText>
            <button type="button" className="btn" onClick={() => void album.refetch()}>
              Try again
            </button>
          </div>
        )}
      </div>
    );
  }

  const canAdd = mayAddPhotos(album.data, user.userId);
  const onFiles = (files: File[]) => void addPhotos(album.data, files);

  return (
    <div className="page">
      <AlbumHeader album={album.data} isOwner={isOwner} verified={user.isEmailVerified} />
      <PhotoSelection
        album={album.data}
        images={images.data ?? []}
        allRead={!images.hasNextPage}
        selection={selection}
        userId={user.userId}
      />
      <div className={styles.layout}>
        <PhotoDropArea albumName={album.data.name} enabled={canAdd} className={styles.main} onFiles={onFiles}>
          {images.isPending ? (
            <Spinner label="Loading images" />
          ) : images.isError ? (
            <ErrorText>The images could not be loaded.</ErrorText>
          ) : (
            <ImageGrid
              photoAlbumId={photoAlbumId}
              images={images.data ?? []}
              total={images.total}
              more={images.hasNextPage}
              readMore={() => {
                if (!images.isFetchingNextPage) void images.fetchNextPage();
              }}
              editable={isOwner && album.data.order === 'manual'}
              canAdd={canAdd}
              onFiles={onFiles}
              selection={selection}
            />
          )}
        </PhotoDropArea>
        <DescriptionPanel album={album.data} editable={isOwner} />
      </div>
    </div>
  );
}
