import { execSync } from 'node:child_process';

/**
 * The commit a build is made from, which the site's footer and its site_build_info metric show: COMMIT_HASH when
 * set (the Docker build passes it, having no .git), else the checkout's short hash, else "unknown".
 * @returns {string}
 */
export function commitHash() {
  if (process.env.COMMIT_HASH) return process.env.COMMIT_HASH;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}
