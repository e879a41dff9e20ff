import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from this module's own place so the same code works from
 * src/ under tsx and from the bundled dist/ under node, whichever file or chunk it ends up in.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (dir === path.dirname(dir)) throw new Error(`no package.json above ${from}`);
  }
}

/** apps/server. */
export const serverRoot = findServerRoot(import.meta.dirname);
/** The repository root (or the image's /app), which holds prisma/, apps/web/dist and the default data/. */
export const repoRoot = path.resolve(serverRoot, '../..');
