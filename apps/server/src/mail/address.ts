/** Addresses compare case-insensitively and without surrounding spaces. */
export const normalizeEmail = (address: string) => address.trim().toLowerCase();
