import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * A labelled input; the label is always visible and tied to the input for screen readers. `error` (words for a
 * person, see useFieldErrors) takes the hint's place under the box, marks the box invalid and is announced as it
 * appears.
 */
export function Field({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: ReactNode; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={note}
      />
      {error ? (
        <span id={note} className="field-error" role="alert">
          {error}
        </span>
      ) : (
        hint && (
          <span id={note} className="field-hint">
            {hint}
          </span>
        )
      )}
    </div>
  );
}
