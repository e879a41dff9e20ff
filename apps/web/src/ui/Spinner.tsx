import { useOnline } from '../api/connection.ts';

/**
 * An accessible busy indicator; `page` centres a large one in the available space. Offline, a page's reads wait
 * for the connection (api/connection.ts), so its spinner says so instead of turning for ever.
 */
export function Spinner({ label = 'Loading', page = false }: { label?: string; page?: boolean }) {
  const online = useOnline();
  if (page && !online) {
    return (
      <div className="spinner-page">
        <p className="muted" role="status">
          This page will load when the connection is back.
        </p>
      </div>
    );
  }
  const spinner = (
    <span role="status" aria-live="polite">
      <span className={page ? 'spinner spinner-lg' : 'spinner'} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
  return page ? <div className="spinner-page">{spinner}</div> : spinner;
}
