import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useSecurityState } from '../api/security-state.ts';
import styles from '../profile.module.css';
import { DataExportPanel } from './DataExportPanel.tsx';
import { DeleteAccountForm } from './DeleteAccountForm.tsx';

/** The profile's "Your data" section: take a copy of everything, or leave. The mail's link lands here. */
export function YourDataSection() {
  const state = useSecurityState();
  return (
    <section
      id="your-data"
      className={`card ${styles.card} ${styles.security}`}
      aria-labelledby="your-data-heading"
    >
      <h2 id="your-data-heading">Your data</h2>
      <dl className={styles.list}>
        <dt>Export my data</dt>
        <dd>
          <DataExportPanel />
        </dd>
        <dt>Delete my account</dt>
        <dd>
          {state.isPending && <Spinner label="Loading" />}
          {state.isError && <ErrorText>This could not be loaded.</ErrorText>}
          {state.isSuccess && <DeleteAccountForm state={state.data} />}
        </dd>
      </dl>
    </section>
  );
}
