import bcrypt from 'bcrypt';

export interface Passwords {
  hash(password: string): Promise<string>;
  /** Checks a password against an account that may not exist, taking as long either way. */
  verify(password: string, hash: string | undefined): Promise<boolean>;
}

/** bcrypt at the given cost (12 in production; tests use less to stay quick). */
export function createPasswords(cost: number): Passwords {
  // Compared against when no account matches, so a wrong address costs as long as a wrong password.
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => bcrypt.hash(password, cost),
    async verify(password, hash) {
      decoy ??= bcrypt.hash('decoy password that nobody has', cost);
      const ok = await bcrypt.compare(password, hash ?? (await decoy));
      return ok && hash !== undefined;
    },
  };
}
