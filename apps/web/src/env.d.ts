/** Short git hash of the build, injected by Vite. */
declare const __COMMIT_HASH__: string;
