import { dictionary } from '@zxcvbn-ts/language-common';

// The 10,000 most common passwords by rank, from zxcvbn's list (MIT licence, © Dan Wheeler, Dropbox and @zxcvbn-ts).
const common = new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()));

/** True for a password among the 10,000 most common, in any letter case. */
export const isCommonPassword = (password: string) => common.has(password.toLowerCase());
