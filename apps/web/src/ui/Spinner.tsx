/** An accessible busy indicator; `page` centres a large one in the available space. */
export function Spinner({ label = 'Loading', page = false }: { label?: string; page?: boolean }) {
  const spinner = (
    <span role="status" aria-live="polite">
      <span className={page ? 'spinner spinner-lg' : 'spinner'} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
  return page ? <div className="spinner-page">{spinner}</div> : spinner;
}
