/** See commit-hash.mjs. */
export function commitHash(): string;
