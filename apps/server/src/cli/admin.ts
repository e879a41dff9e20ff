/**
 * Grants or revokes a permission from the command line, e.g. when no admin exists yet:
 *   pnpm admin grant someone@example.com admin
 *   pnpm admin revoke someone@example.com files
 *   pnpm admin show someone@example.com
 * Uses the same configuration (DATA_DIR or DATABASE_URL) as the server.
 */
import { isKnownPermission, permissionDescriptions } from '../auth/permissions.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { normalizeEmail } from '../mail/address.ts';

const [command, address, permission] = process.argv.slice(2);
const usage = `usage: pnpm admin grant|revoke <email> <${Object.keys(permissionDescriptions).join('|')}>
       pnpm admin show <email>`;

if (!address || !(command === 'show' || ((command === 'grant' || command === 'revoke') && permission))) {
  console.error(usage);
  process.exit(2);
}
if (permission && !isKnownPermission(permission)) {
  console.error(
    `Unknown permission "${permission}". Known: ${Object.keys(permissionDescriptions).join(', ')}`,
  );
  process.exit(2);
}

const database = await openDatabase(loadConfig().database);
try {
  const email = normalizeEmail(address);
  const user = await database.prisma.user.findUnique({ where: { email } });
  if (!user) {
    console.error(`No account with the address ${email}`);
    process.exitCode = 1;
  } else {
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
    console.log(
      `${email}: ${
        grants
          .map((g) => g.permission)
          .sort()
          .join(', ') || 'no permissions'
      }`,
    );
  }
} finally {
  await database.close();
}
