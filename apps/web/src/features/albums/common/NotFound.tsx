import { Link } from 'react-router-dom';
import styles from './notice.module.css';

/**
 * What a missing album or image shows (spec: 'Not Found'), with a way back. `nested` makes it a section heading,
 * for screens that already have their page heading.
 */
export function NotFound({
  back,
  backLabel,
  nested = false,
}: {
  back: string;
  backLabel: string;
  nested?: boolean;
}) {
  const Heading = nested ? 'h2' : 'h1';
  return (
    <div className={`card ${styles.notFound}`}>
      <Heading className={styles.notFoundTitle}>Not Found</Heading>
      <p className="muted">It may have been deleted, or it is not shared with you.</p>
      <Link to={back} className="btn">
        {backLabel}
      </Link>
    </div>
  );
}
