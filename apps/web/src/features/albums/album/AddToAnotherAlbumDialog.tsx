import { useState, type FormEvent } from 'react';
import { failureText } from '../../../api/messages.ts';
import { useCurrentUser } from '../../../api/session.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { AlbumChoices, newAlbumChoice } from '../upload/AlbumChoices.tsx';
import { mayAddPhotos } from '../common/album-permissions.ts';
import { useCreateAlbum } from '../api/create-album.ts';
import { useCopyPhotos } from '../api/photo-selection.ts';
import { useAlbumList } from '../api/queries.ts';
import { photosWord } from '../common/photos-word.ts';
import { byRank } from '../common/ranks.ts';

/** What adding photos to another album came to, for the page to tell. */
export interface AddedPhotos {
  photoAlbumId: string;
  albumName: string;
  added: number;
  duplicates: number;
}

/**
 * 'Add to another album': the chosen photos of album `fromAlbumId` go, as copies of their own, to an album the
 * member may add to (their own first, in their order, then those they contribute to) or to a new one they name.
 */
export function AddToAnotherAlbumDialog({
  fromAlbumId,
  imageIds,
  open,
  onClose,
  onAdded,
}: {
  fromAlbumId: string;
  imageIds: readonly string[];
  open: boolean;
  onClose: () => void;
  onAdded: (result: AddedPhotos) => void;
}) {
  const { user } = useCurrentUser();
  const list = useAlbumList();
  const createAlbum = useCreateAlbum();
  const copyPhotos = useCopyPhotos();
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  const mayAdd = (list.data ?? []).filter(
    (album) => album.photoAlbumId !== fromAlbumId && mayAddPhotos(album, user.userId),
  );
  const albums = [
    ...byRank(mayAdd.filter((album) => album.ownerId === user.userId)),
    ...mayAdd.filter((album) => album.ownerId !== user.userId).sort((a, b) => a.name.localeCompare(b.name)),
  ];
  const picked = choice ?? albums[0]?.photoAlbumId ?? newAlbumChoice;

  const close = () => {
    if (busy) return;
    setChoice(null);
    setName('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      let target = albums.find((album) => album.photoAlbumId === picked);
      if (!target) {
        target = await createAlbum.mutateAsync(name.trim() || 'New album');
        setChoice(target.photoAlbumId);
      }
      const { photoAlbumId } = target;
      const result = await copyPhotos.mutateAsync({ photoAlbumId, fromAlbumId, imageIds: [...imageIds] });
      setBusy(false);
      onAdded({ photoAlbumId, albumName: target.name, ...result });
      setChoice(null);
      setName('');
      onClose();
    } catch (e) {
      setError(failureText('add the photos', e));
      setBusy(false);
    }
  };

  const count = photosWord(imageIds.length);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()} title="Add to another album">
      {list.isPending ? (
        <Spinner label="Loading your albums" />
      ) : (
        <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
          <AlbumChoices
            legend={`Add ${count} to`}
            albums={albums}
            picked={picked}
            onPick={setChoice}
            name={name}
            onName={setName}
          />
          {error && <ErrorText>{error}</ErrorText>}
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? <Spinner label="Adding photos" /> : `Add ${count}`}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
