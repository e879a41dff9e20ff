/**
 * The share dialog's address check (spec: trimmed, then the shape name@host.tld). The server checks again; this
 * only decides whether 'Share' is enabled.
 */
const shape = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/** The address as it will be sent: surrounding spaces removed. */
export const normalizeEmail = (value: string) => value.trim();

/** True when the trimmed value looks like name@host.tld. */
export function isEmailShape(value: string): boolean {
  return shape.test(normalizeEmail(value));
}
