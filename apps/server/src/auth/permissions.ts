/** Every permission the product knows, with the description admins see. */
export const permissionDescriptions = {
  admin: 'Use the admin tools: look up users, change their permissions, act as them',
  files: 'Use the personal file manager',
} as const;

export type PermissionName = keyof typeof permissionDescriptions;

/** Own keys only: `constructor`, `toString` and the like are not permissions. */
export const isKnownPermission = (name: string): name is PermissionName =>
  Object.hasOwn(permissionDescriptions, name);
