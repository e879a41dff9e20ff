import { isKnownPermission, permissionDescriptions } from '../auth/permissions.ts';
import { normalizeEmail } from '../mail/address.ts';
import type { CliCommand } from './command.ts';

const names = Object.keys(permissionDescriptions).join('|');

/** `grant|revoke <email> <permission>` and `show <email>`: a user's permissions, e.g. when no admin exists yet. */
export const permissionsCommand: CliCommand = {
  usage: `grant|revoke <email> <${names}>\n       pnpm admin show <email>`,
  async run({ db, args: [command, address, permission] }) {
    if (!address || (command !== 'show' && !permission)) return 'usage';
    if (permission && !isKnownPermission(permission)) {
      console.error(`Unknown permission "${permission}". Known: ${names.replaceAll('|', ', ')}`);
      return 2;
    }
    const email = normalizeEmail(address);
    const user = await db.user.findUnique({ where: { email } });
    if (!user) {
      console.error(`No account with the address ${email}`);
      return 1;
    }
    if (command === 'grant') {
      await db.permissionGrant.upsert({
        where: { userId_permission: { userId: user.id, permission: permission! } },
        create: { userId: user.id, permission: permission! },
        update: {},
      });
    } else if (command === 'revoke') {
      await db.permissionGrant.deleteMany({ where: { userId: user.id, permission } });
    }
    const grants = (await db.permissionGrant.findMany({ where: { userId: user.id } })).map(
      (g) => g.permission,
    );
    console.log(`${email}: ${grants.sort().join(', ') || 'no permissions'}`);
    return 0;
  },
};
