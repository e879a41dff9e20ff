import type { ComponentType } from 'react';
import { Navigate, useParams, type Params } from 'react-router-dom';
import { loadView, Showcase } from './Showcase.tsx';
import { SourcePage } from './SourcePage.tsx';

interface Options {
  /** The catalog entries, found by route segment in any letter case (/games/Sokoban and /games/sokoban). */
  items: readonly { slug: string; title: string }[];
  /** `import.meta.glob` of the views, keyed ./<slug>/<Name>View.tsx. */
  views: Record<string, () => Promise<{ default: ComponentType }>>;
  /** `import.meta.glob` of the sources as raw text, keyed ./<slug>/<file>. */
  sources: Record<string, () => Promise<string>>;
  /** Route prefix, e.g. /games. */
  base: string;
}

/** The page and the source page of each entry of a catalog (games, demos). */
export function showcasePages({ items, views, sources, base }: Options) {
  const entry = (param: string | undefined) => {
    const slug = (param ?? '').toLowerCase();
    const item = items.find((i) => i.slug === slug);
    const load = item && Object.entries(views).find(([path]) => path.startsWith(`./${slug}/`))?.[1];
    return item && load ? { item, load } : null;
  };
  const useEntry = () => entry(useParams().slug);

  /** A route loader that starts the view's chunk as the route matches, rather than once the page renders. */
  function preload({ params }: { params: Params }) {
    const found = entry(params.slug);
    if (found) void loadView(found.load);
    return null;
  }

  function Page() {
    const found = useEntry();
    if (!found) return <Navigate to="/" replace />;
    const { item, load } = found;
    return (
      <Showcase key={item.slug} title={item.title} load={load} sourcePath={`${base}/${item.slug}/source`} />
    );
  }

  function Source() {
    const found = useEntry();
    if (!found) return <Navigate to="/" replace />;
    const { item } = found;
    const own = Object.fromEntries(Object.entries(sources).filter(([p]) => p.startsWith(`./${item.slug}/`)));
    return <SourcePage title={item.title} backPath={`${base}/${item.slug}`} sources={own} />;
  }

  return { Page, Source, preload };
}
