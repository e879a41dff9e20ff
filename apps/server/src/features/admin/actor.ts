/**
 * Who makes an admin change: an admin through the admin routes, or the site's operator through `pnpm admin` at
 * the server's shell (no account, so nothing of theirs to protect or record as an admin's doing).
 */
export type Actor = { adminId: string } | { operator: true };
