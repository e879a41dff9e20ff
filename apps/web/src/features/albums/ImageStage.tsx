import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './image.module.css';

const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The picture itself, with arrows to the previous and next image of the album; ← and → do the same unless the
 * user is typing or a dialog is open.
 */
export function ImageStage(props: {
  url: string;
  alt: string;
  previous: string | null;
  next: string | null;
}) {
  const { url, alt, previous, next } = props;
  const navigate = useNavigate();
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typingInto(e.target)) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      const to = e.key === 'ArrowLeft' ? previous : e.key === 'ArrowRight' ? next : null;
      if (to) {
        e.preventDefault();
        void navigate(to);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next, navigate]);

  return (
    <div className={styles.stage}>
      {failedUrl === url ? (
        <p className={styles.missing}>Not Found</p>
      ) : (
        loadedUrl !== url && (
          <div className={styles.loading}>
            <Spinner label="Loading image" />
          </div>
        )
      )}
      <img
        key={url}
        src={url}
        alt={alt}
        className={`${styles.picture} ${loadedUrl === url ? styles.shown : ''}`}
        onLoad={() => setLoadedUrl(url)}
        onError={() => setFailedUrl(url)}
      />
      {previous && (
        <Link to={previous} className={`${styles.arrow} ${styles.previous}`} aria-label="Previous image">
          <span aria-hidden="true">‹</span>
        </Link>
      )}
      {next && (
        <Link to={next} className={`${styles.arrow} ${styles.next}`} aria-label="Next image">
          <span aria-hidden="true">›</span>
        </Link>
      )}
    </div>
  );
}
