import type { PhotoAlbum } from '@site/contract';
import { Field } from '../../../ui/Field.tsx';
import styles from './add-to-album.module.css';

/** The choice that makes a new album, named in the field it shows. */
export const newAlbumChoice = 'new';

/**
 * Where photos go: one radio per album (tall enough for a thumb), then 'A new album' with a field for its name.
 * `picked` is an album's id or `newAlbumChoice`.
 */
export function AlbumChoices({
  legend,
  albums,
  picked,
  onPick,
  name,
  onName,
}: {
  legend: string;
  albums: readonly PhotoAlbum[];
  picked: string;
  onPick: (choice: string) => void;
  name: string;
  onName: (name: string) => void;
}) {
  const choice = (value: string, label: string) => (
    <label key={value} className={styles.choice}>
      <input
        type="radio"
        name="album"
        value={value}
        checked={picked === value}
        onChange={() => onPick(value)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {albums.map((album) => choice(album.photoAlbumId, album.name))}
      {choice(newAlbumChoice, 'A new album')}
      {picked === newAlbumChoice && (
        <Field label="New album name" value={name} maxLength={200} onChange={(e) => onName(e.target.value)} />
      )}
    </fieldset>
  );
}
