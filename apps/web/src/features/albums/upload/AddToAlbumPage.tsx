import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../../api/session.ts';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import styles from './add-to-album.module.css';
import { AlbumChoices, newAlbumChoice } from './AlbumChoices.tsx';
import { photosWord } from '../common/photos-word.ts';
import { failureText } from '../../../api/messages.ts';
import { useCreateAlbum } from '../api/create-album.ts';
import { useSharedPhotos } from '../api/shared-photos.ts';
import { useAlbumList } from '../api/queries.ts';
import { byRank } from '../common/ranks.ts';
import { useAddPhotos } from '../api/add-photos.ts';

/**
 * One shared file as the browser shows it, or by its name where it cannot (an iPhone's HEIC in Chrome or Firefox:
 * the upload decodes those with libheif, not worth loading for a preview).
 */
function Preview({ file, url }: { file: File; url: string }) {
  const [shown, setShown] = useState(true);
  if (!shown) {
    return (
      <span className={styles.named} role="img" aria-label={file.name}>
        {file.name}
      </span>
    );
  }
  return <img src={url} alt={file.name} width={96} height={96} onError={() => setShown(false)} />;
}

/** Small previews of the shared files; their object URLs are released when the page goes. */
function Previews({ files }: { files: File[] }) {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return (
    <ul className={styles.previews}>
      {files.map((file, i) => (
        <li key={urls[i]}>
          <Preview file={file} url={urls[i]!} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /add-to-album: where photos shared from the phone's gallery land (the service worker keeps them). The member
 * picks one of their albums or names a new one; the photos then go through the album's normal upload (JPEG
 * re-encoding, thumbnails, progress in the Uploads panel of the album they open).
 */
export default function AddToAlbumPage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const shared = useSharedPhotos();
  const list = useAlbumList();
  const createAlbum = useCreateAlbum();
  const addPhotos = useAddPhotos();
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  if (!shared.files || list.isPending) return <Spinner page label="Loading shared photos" />;

  const files = shared.files;
  const own = byRank((list.data ?? []).filter((a) => a.ownerId === user.userId));
  const picked = choice ?? own[0]?.photoAlbumId ?? newAlbumChoice;

  if (files.length === 0) {
    return (
      <div className="page page-narrow stack">
        <h1>Add to album</h1>
        <p>
          No shared photos are waiting. Share photos from your phone&apos;s gallery to the site to add them
          here.
        </p>
        <Link to="/albums">Go to your photo albums</Link>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const album =
        own.find((a) => a.photoAlbumId === picked) ??
        (await createAlbum.mutateAsync(name.trim() || 'New album'));
      void addPhotos(album, files);
      await shared.clear();
      void navigate(`/albums/${album.photoAlbumId}`);
    } catch (e) {
      setError(failureText('create the album', e));
    }
  };

  const count = photosWord(files.length);
  return (
    <form className="page page-narrow stack" onSubmit={(e) => void submit(e)}>
      <h1>Add to album</h1>
      <Previews files={files} />
      <AlbumChoices
        legend={`Add ${count} to`}
        albums={own}
        picked={picked}
        onPick={setChoice}
        name={name}
        onName={setName}
      />
      {error && <ErrorText>{error}</ErrorText>}
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={createAlbum.isPending}>
          Add {count}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => void shared.clear().then(() => navigate('/albums'))}
        >
          Discard
        </button>
      </div>
    </form>
  );
}
