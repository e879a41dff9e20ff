import { useCurrentUser } from '../../../api/session.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { AlbumTile } from './AlbumTile.tsx';
import styles from './album-list.module.css';
import { GroupingToggle } from './GroupingToggle.tsx';
import { OwnAlbums } from './OwnAlbums.tsx';
import { byRank } from '../common/ranks.ts';
import { useAlbumList } from '../api/queries.ts';
import { useGroupingMode } from './useGroupingMode.ts';
import { VerifyEmailNotice } from '../common/VerifyEmailNotice.tsx';
import { ErrorText } from '../../../ui/ErrorText.tsx';

/** /albums: the user's own albums (grouped, reorderable, with a tile to make a new one) and those shared with them. */
export default function AlbumListPage() {
  const { user } = useCurrentUser();
  const list = useAlbumList();
  const [mode, setMode] = useGroupingMode();
  const albums = list.data ?? [];
  if (!user) return null;

  const own = albums.filter((a) => a.ownerId === user.userId);
  const shared = albums
    .filter((a) => a.ownerId !== user.userId)
    .sort((a, b) => a.name.localeCompare(b.name) || a.createdAt.localeCompare(b.createdAt));

  // Someone who only receives albums comes here for those: they come before her own, still empty, section.
  const receivesOnly = own.length === 0 && shared.length > 0;
  const sharedSection = (
    <section className={styles.shared} aria-labelledby="shared-with-me">
      <h2 id="shared-with-me" className={styles.sectionTitle}>
        Shared with me
      </h2>
      {!user.isEmailVerified ? (
        <VerifyEmailNotice purpose="see the albums shared with you" />
      ) : shared.length === 0 ? (
        <p className="muted">No one has shared a photo album with you yet.</p>
      ) : (
        <ul className={styles.grid}>
          {shared.map((album) => (
            <li key={album.photoAlbumId} className={styles.cell}>
              <AlbumTile album={album} showOwner />
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <div className="page">
      <div className={styles.head}>
        <h1 className={styles.title}>My photo albums</h1>
        <GroupingToggle mode={mode} onChange={setMode} />
      </div>
      {list.isPending ? (
        <Spinner page label="Loading photo albums" />
      ) : list.isError ? (
        <div className="row">
          <ErrorText>The photo albums could not be loaded.</ErrorText>
          <button type="button" className="btn" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          {receivesOnly && sharedSection}
          <OwnAlbums ownerId={user.userId} albums={byRank(own)} mode={mode} />
          {!receivesOnly && sharedSection}
        </>
      )}
    </div>
  );
}
