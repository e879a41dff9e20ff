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

/**
 * What is wrong with a typed address, in words for the person typing (null when it has its shape, and for an
 * empty field: nothing typed is not yet a mistake). Starts with the spec's 'invalid email address'.
 */
export function emailShapeProblem(value: string): string | null {
  const address = normalizeEmail(value);
  if (address === '' || isEmailShape(address)) return null;
  const at = address.indexOf('@');
  const domain = address.slice(at + 1);
  const reason = /\s/.test(address)
    ? 'it cannot contain spaces'
    : at === -1
      ? 'it needs an @, as in name@example.com'
      : address.indexOf('@', at + 1) !== -1
        ? 'it can have only one @'
        : at === 0
          ? 'add the name before the @'
          : !domain.includes('.') || domain.startsWith('.') || domain.includes('..')
            ? 'add the domain after the @, as in example.com'
            : 'the ending after the last dot is incomplete, as in .com';
  return `invalid email address: ${reason}`;
}
