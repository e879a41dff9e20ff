import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../ui/Spinner.tsx';
import styles from './showcase.module.css';

type ViewModule = () => Promise<{ default: ComponentType }>;

const loaded = new Map<ViewModule, ComponentType>();

/** Loads a view's chunk; once it is in, the page shows the view without passing through its spinner. */
export async function loadView(load: ViewModule): Promise<ComponentType> {
  const { default: View } = await load();
  loaded.set(load, View);
  return View;
}

/**
 * The page around one game or demo: heading, a link to its source, and its view, loaded as its own chunk with a
 * spinner until it arrives.
 */
export function Showcase({
  title,
  load,
  sourcePath,
}: {
  title: string;
  load: ViewModule;
  sourcePath: string;
}) {
  const View = useMemo(
    () => loaded.get(load) ?? lazy(async () => ({ default: await loadView(load) })),
    [load],
  );
  return (
    <div className={`page ${styles.page}`}>
      <div className={styles.head}>
        <h1>{title}</h1>
        <Link to={sourcePath} className={styles.source}>
          Source
        </Link>
      </div>
      <Suspense fallback={<Spinner page label={`Loading ${title}`} />}>
        <View />
      </Suspense>
    </div>
  );
}
