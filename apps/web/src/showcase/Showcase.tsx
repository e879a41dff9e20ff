import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../ui/Spinner.tsx';
import { useInBrowser } from '../ui/useInBrowser.ts';
import styles from './showcase.module.css';

type ViewModule = () => Promise<{ default: ComponentType }>;

const loaded = new Map<ViewModule, ComponentType>();
const loading = new Set<Promise<unknown>>();

/** Starts loading a view's chunk; once it is in, the page shows the view without passing through its spinner. */
export function loadView(load: ViewModule): Promise<ComponentType> {
  const view = load().then(({ default: View }) => {
    loaded.set(load, View);
    return View;
  });
  const settled = () => loading.delete(view);
  loading.add(view);
  view.then(settled, settled);
  return view;
}

/**
 * Settles once every view asked for has loaded (or failed to). A prerendered page is taken over only then: a view
 * still on its way when React adopts the page would be drawn again from its spinner on the first update.
 */
export async function viewsLoaded(): Promise<void> {
  await Promise.allSettled([...loading]);
}

/**
 * The page around one game or demo: heading, a link to its source, and its view, loaded as its own chunk with a
 * spinner until it arrives. A page the build prerendered shows the view as it first looks, under the spinner
 * until the view's code has run.
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
        <div className={styles.stage}>
          <Prerendered title={title} />
          <View />
        </div>
      </Suspense>
    </div>
  );
}

/** The spinner over a prerendered view; it goes once the view is live (hydrated with the view's code). */
function Prerendered({ title }: { title: string }) {
  if (useInBrowser()) return null;
  return (
    <div className={styles.loading}>
      <Spinner page label={`Loading ${title}`} />
    </div>
  );
}
