import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../ui/Spinner.tsx';
import styles from './showcase.module.css';

type Sources = Record<string, () => Promise<string>>;

/** Shows the source files of one game or demo, read from the very modules the site runs. */
export function SourcePage({
  title,
  backPath,
  sources,
}: {
  title: string;
  backPath: string;
  sources: Sources;
}) {
  const files = Object.keys(sources).sort();
  const [selected, setSelected] = useState(files.find((f) => /logic\.ts$/.test(f)) ?? files[0]);
  const [text, setText] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setText(null);
    if (selected) void sources[selected]!().then((t) => live && setText(t));
    return () => {
      live = false;
    };
  }, [selected, sources]);

  return (
    <div className={`page ${styles.page}`}>
      <div className={styles.head}>
        <h1>{title}: source</h1>
        <Link to={backPath}>Back to {title}</Link>
      </div>
      <div className={styles.files} role="tablist" aria-label="Files">
        {files.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={f === selected}
            className={f === selected ? 'btn btn-primary' : 'btn'}
            onClick={() => setSelected(f)}
          >
            {f.split('/').pop()}
          </button>
        ))}
      </div>
      {text === null ? (
        <Spinner label="Loading source" />
      ) : (
        <pre className={styles.code}>
          <code>{text}</code>
        </pre>
      )}
    </div>
  );
}
