import { readFile } from 'node:fs/promises';
import { rotateTotpSecrets, WrongOldKeyError } from '../features/second-factor/rotate-totp-secrets.ts';
import { withDatabase, type CliCommand } from './command.ts';

/**
 * `pnpm admin rotate-encryption-key <file holding the old key>`: with every server stopped and ENCRYPTION_KEY (or
 * DATA_DIR/encryption-key) already the new key, seals every authenticator-app secret anew under it, in one
 * transaction. The old key comes from a file so it shows in no process list or shell history.
 */
export const rotateEncryptionKeyCommand: CliCommand = {
  usage: 'pnpm admin rotate-encryption-key <file holding the old key>',
  async run(args) {
    const [oldKeyFile] = args;
    if (!oldKeyFile || args.length !== 1) return 2;
    const oldKey = (await readFile(oldKeyFile, 'utf8')).trim();
    return withDatabase('pnpm admin rotate-encryption-key', async ({ config, db }) => {
      if (oldKey === config.encryptionKey) {
        console.error(
          'The old key is the configured one: set ENCRYPTION_KEY to the new key (or, without it, move' +
            ' DATA_DIR/encryption-key aside so a new one is made) before running this.',
        );
        return 1;
      }
      try {
        const count = await rotateTotpSecrets(db, oldKey, config.encryptionKey);
        console.log(`Encrypted ${count} authenticator-app secret${count === 1 ? '' : 's'} with the new key.`);
        return 0;
      } catch (error) {
        if (!(error instanceof WrongOldKeyError)) throw error;
        console.error(error.message);
        return 1;
      }
    });
  },
};
