import { useState } from 'react';
import { formatDateTime, formatSize } from '../../../shared/format.ts';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { dataExportUrl, useDataExport, useStartExport } from '../api/data-export.ts';
import { refusalText } from '../security/refusal.ts';

/**
 * "Export my data": a button that has the site prepare a zip of the member's albums, files and details, then
 * "Preparing…" until it is ready, then its download link and until when it works.
 */
export function DataExportPanel() {
  const current = useDataExport();
  const start = useStartExport();
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    try {
      window.location.assign(await dataExportUrl());
    } catch (e) {
      setError(refusalText(e, 'The download could not start. Please try again.'));
    }
  };
  const prepare = () => {
    setError(null);
    start.mutate(undefined, {
      onError: (e) => setError(refusalText(e, 'Your data could not be prepared. Please try again.')),
    });
  };

  if (current.isPending) return <Spinner label="Loading" />;
  if (current.isError) return <ErrorText>Your data export could not be loaded.</ErrorText>;
  const state = current.data;
  return (
    <div className="stack">
      {state.state === 'none' && (
        <p className="muted">
          A zip file with your albums and their photos, your files and folders, and your details, comments and
          settings. We e-mail you when it is ready; the link works for 7 days.
        </p>
      )}
      {state.state === 'preparing' && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Preparing… We will e-mail you when it is ready. You
          can leave this page.
        </p>
      )}
      {state.state === 'ready' && (
        <>
          <p role="status">
            Your data is ready ({formatSize(state.size)}). You can download it until{' '}
            {formatDateTime(state.expiresAt)}.
          </p>
          <div>
            <button type="button" className="btn btn-primary" onClick={() => void download()}>
              Download my data
            </button>
          </div>
        </>
      )}
      {state.state !== 'preparing' && (
        <div>
          <button type="button" className="btn" disabled={start.isPending} onClick={prepare}>
            {state.state === 'ready' ? 'Prepare a new copy' : 'Export my data'}
          </button>
        </div>
      )}
      {error && <ErrorText>{error}</ErrorText>}
    </div>
  );
}
