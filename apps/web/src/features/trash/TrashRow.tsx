import type { TrashItem } from '@site/contract';
import { dateText, itemLabel, kindWord, placeText, sizeText } from './describe.ts';
import styles from './trash.module.css';

/** One deleted item: what (a photo by its thumbnail too) and where it was, its size and when it went, with Restore and Delete forever. */
export function TrashRow({
  item,
  busy,
  onRestore,
  onDelete,
}: {
  item: TrashItem;
  busy: boolean;
  onRestore: () => void;
  onDelete: () => void;
}) {
  const size = sizeText(item);
  // Each button names its item, so a list of them read aloud says which is which.
  const subject = (
    <span className="visually-hidden"> {item.kind === 'photo' ? itemLabel(item) : item.name}</span>
  );
  return (
    <li className={styles.item} aria-label={itemLabel(item)}>
      <div className={styles.what}>
        {item.thumbnailUrl && <img src={item.thumbnailUrl} alt="" className={styles.thumbnail} />}
        <div className={styles.words}>
          <span className={styles.kind}>{kindWord(item)}</span>
          <span className={styles.name}>{item.name}</span>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Was in</dt>
          <dd>{placeText(item)}</dd>
        </div>
        {size && (
          <div>
            <dt>Size</dt>
            <dd>{size}</dd>
          </div>
        )}
        <div>
          <dt>Deleted</dt>
          <dd>
            <time dateTime={item.trashedAt}>{dateText(item.trashedAt)}</time>
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={onRestore} disabled={busy}>
          Restore{subject}
        </button>
        <button type="button" className="btn btn-danger" onClick={onDelete} disabled={busy}>
          <span>Delete{subject} forever</span>
        </button>
      </div>
    </li>
  );
}
