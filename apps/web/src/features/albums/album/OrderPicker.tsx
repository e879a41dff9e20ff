import type { ImageOrder, PhotoAlbum } from '@site/contract';
import { useState } from 'react';
import { failureText } from '../../../api/messages.ts';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import styles from '../common/album.module.css';
import { useSetImageOrder } from '../api/update-album.ts';

const orders: Record<ImageOrder, string> = { manual: 'By hand', taken: 'By date taken' };

/** The owner's choice of how the album's photos are ordered; only the order by hand lets them be dragged. */
export function OrderPicker({ album }: { album: PhotoAlbum }) {
  const setOrder = useSetImageOrder();
  const [error, setError] = useState<string | null>(null);
  const choose = (order: ImageOrder) => {
    setError(null);
    setOrder.mutate(
      { photoAlbumId: album.photoAlbumId, order },
      { onError: (e) => setError(failureText('change the order', e)) },
    );
  };
  return (
    <div className={styles.order}>
      <label className={styles.orderLabel}>
        Order photos
        <select
          className="input"
          value={album.order}
          disabled={setOrder.isPending}
          onChange={(e) => choose(e.target.value as ImageOrder)}
        >
          {Object.entries(orders).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {error && <ErrorText>{error}</ErrorText>}
    </div>
  );
}
