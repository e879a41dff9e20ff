import type { ReactNode } from 'react';

/** A failure or refusal shown where it happened, announced to screen readers as it appears. */
export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p className="error-text" role="alert">
      {children}
    </p>
  );
}
