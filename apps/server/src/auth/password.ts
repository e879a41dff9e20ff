import { createHash } from 'node:crypto';
import bcrypt from 'bcrypt';

export interface Passwords {
  hash(password: string): Promise<string>;
  /** Checks a password against an account that may not exist, taking as long either way. */
  verify(password: string, hash: string | undefined): Promise<boolean>;
  /** True for a hash in an older format, to be replaced by `hash(password)` at the next successful log in. */
  isOutdated(hash: string): boolean;
}

/** The prefix of the current format: bcrypt over the base64 SHA-256 of the password. */
const current = 'v2:';

/**
 * bcrypt reads only the first 72 bytes of its input, so a long password would be cut; its SHA-256 (44 base64
 * characters, never a NUL) makes every character count.
 */
const preHash = (password: string) => createHash('sha256').update(password, 'utf8').digest('base64');

/**
 * bcrypt at the given cost (12 in production; tests use less to stay quick). Hashes without a version prefix are
 * plain bcrypt of the password, from before the pre-hash; they are still accepted.
 */
export function createPasswords(cost: number): Passwords {
  // Compared against when no account matches, so a wrong address costs as long as a wrong password.
  let decoy: Promise<string> | undefined;
  return {
    hash: async (password) => current + (await bcrypt.hash(preHash(password), cost)),
    async verify(password, hash) {
      decoy ??= bcrypt.hash('decoy password that nobody has', cost);
      const stored = hash ?? (await decoy);
      const ok = stored.startsWith(current)
        ? await bcrypt.compare(preHash(password), stored.slice(current.length))
        : await bcrypt.compare(password, stored);
      return ok && hash !== undefined;
    },
    isOutdated: (hash) => !hash.startsWith(current),
  };
}
