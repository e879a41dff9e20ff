import { isKnownPermission, permissionDescriptions } from '../auth/permissions.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { normalizeEmail } from '../mail/address.ts';
import type { CliCommand } from './command.ts';

const known = Object.keys(permissionDescriptions);

/** grant / revoke / show: one account's permissions, e.g. when no admin exists yet. */
async function changePermissions(
  command: 'grant' | 'revoke' | 'show',
  [address, permission]: string[],
): Promise<number> {
  if (!address || (command !== 'show' && !permission)) return 2;
  if (permission && !isKnownPermission(permission)) {
    console.error(`Unknown permission "${permission}". Known: ${known.join(', ')}`);
    return 2;
  }
  const database = await openDatabase(loadConfig().database, { holder: `pnpm admin ${command}` });
  try {
    const email = normalizeEmail(address);
    const user = await database.prisma.user.findUnique({ where: { email } });
    if (!user) {
      console.error(`No account with the address ${email}`);
      return 1;
    }
    if (command === 'grant') {
      await database.prisma.permissionGrant.upsert({
        where: { userId_permission: { userId: user.id, permission: permission! } },
        create: { userId: user.id, permission: permission! },
        update: {},
      });
    } else if (command === 'revoke') {
      await database.prisma.permissionGrant.deleteMany({ where: { userId: user.id, permission } });
    }
    const grants = await database.prisma.permissionGrant.findMany({ where: { userId: user.id } });
    const names = grants.map((g) => g.permission).sort();
    console.log(`${email}: ${names.join(', ') || 'no permissions'}`);
    return 0;
  } finally {
    await database.close();
  }
}

/** The permission commands, by name. */
export const permissionCommands: Record<string, CliCommand> = {
  grant: {
    usage: `pnpm admin grant <email> <${known.join('|')}>`,
    run: (args) => changePermissions('grant', args),
  },
  revoke: {
    usage: `pnpm admin revoke <email> <${known.join('|')}>`,
    run: (args) => changePermissions('revoke', args),
  },
  show: { usage: 'pnpm admin show <email>', run: (args) => changePermissions('show', args) },
};
