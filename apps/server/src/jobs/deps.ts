import type { AppDeps } from '../deps.ts';

/**
 * What a job handler may use. Declared apart from the handler map (handlers.ts), which imports every handler, so
 * that a handler can name it without a path back to itself.
 */
export type JobDeps = Pick<AppDeps, 'db' | 'mailer' | 'blobs' | 'logger' | 'config'>;
