import type { ShareRole, ShareRoles, Shares } from '@site/contract';

/** The two roles a share may grant, as the sharing dialogs offer them. */
export const shareRoleLabels: Record<ShareRole, string> = {
  viewer: 'Viewer',
  contributor: 'Can add photos',
};

/**
 * The shares after a share or unshare answered `addresses` (the server's list, in its order): each address keeps
 * the role it had, `changed` takes the role just chosen, and an address not known before is a viewer (the server's
 * default).
 */
export function withRoles(previous: ShareRoles, addresses: Shares, changed?: ShareRoles[number]): ShareRoles {
  const known = new Map(previous.map((s) => [s.emailAddress, s.role]));
  if (changed) known.set(changed.emailAddress, changed.role);
  return addresses.map((emailAddress) => ({ emailAddress, role: known.get(emailAddress) ?? 'viewer' }));
}
