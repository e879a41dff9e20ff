/** Addresses compare case-insensitively and without surrounding spaces. */
export const normalizeEmail = (address: string) => address.trim().toLowerCase();

/**
 * The mailbox an address delivers to, as far as its shape tells: normalized, without a `+tag` in its local part
 * (`ann+photos@example.com` reaches `ann@example.com` at most providers).
 */
export function mailboxOf(address: string): string {
  const email = normalizeEmail(address);
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at).split('+')[0] ?? '';
  return `${local}${email.slice(at)}`;
}
