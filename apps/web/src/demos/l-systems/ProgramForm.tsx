import { useId, type FormEvent } from 'react';
import styles from './lsystems.module.css';
import { MAX_ITERATIONS, type ProgramText } from './program.ts';

/** Everything the editor holds: the program and the iteration count, as typed. */
export interface EditorFields extends ProgramText {
  readonly iterations: string;
}

interface Props {
  fields: EditorFields;
  onChange: (fields: EditorFields) => void;
  onSubmit: () => void;
  error: string | null;
}

/** The program editor: axiom, rules, angles and iterations, a Submit button and the error text. */
export function ProgramForm({ fields, onChange, onSubmit, error }: Props) {
  const id = useId();
  const set = (key: keyof EditorFields) => (event: { target: { value: string } }) =>
    onChange({ ...fields, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className={styles.editor} onSubmit={submit} noValidate aria-label="L-system program">
      <div className={styles.fields}>
        <label className={styles.field}>
          <span>Axiom</span>
          <input
            className={`input ${styles.mono}`}
            value={fields.axiom}
            onChange={set('axiom')}
            spellCheck={false}
            autoCapitalize="off"
          />
        </label>
        <label className={styles.field}>
          <span>Angle (°)</span>
          <input className="input" inputMode="decimal" value={fields.angle} onChange={set('angle')} />
        </label>
        <label className={styles.field}>
          <span>Start heading (°)</span>
          <input className="input" inputMode="decimal" value={fields.heading} onChange={set('heading')} />
        </label>
        <label className={styles.field}>
          <span>Iterations</span>
          <input
            className="input"
            type="number"
            min={1}
            max={MAX_ITERATIONS}
            step={1}
            value={fields.iterations}
            onChange={set('iterations')}
          />
        </label>
      </div>
      <label className={styles.field}>
        <span>Rules, one per line</span>
        <textarea
          className={`input ${styles.mono} ${styles.rules}`}
          value={fields.rules}
          onChange={set('rules')}
          rows={3}
          spellCheck={false}
          autoCapitalize="off"
          aria-describedby={`${id}-help`}
        />
      </label>
      <p id={`${id}-help`} className={styles.help}>
        F and G draw a step, f moves without drawing, + and − turn, | turns around, [ and ] start and end a
        branch.
      </p>
      <div className={styles.submitRow}>
        <button type="submit" className="btn btn-primary">
          Submit
        </button>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
