import type { Plugin } from 'vite';

/** A plugin hook as a plain function, whether the plugin wrote it as one or as `{ handler }`. */
export function hookOf<K extends keyof Plugin>(plugin: Plugin, name: K) {
  const hook: unknown = plugin[name];
  const fn = typeof hook === 'function' ? hook : (hook as { handler: unknown } | undefined)?.handler;
  if (typeof fn !== 'function') throw new Error(`${plugin.name} has no ${String(name)} hook`);
  return fn as (...args: unknown[]) => unknown;
}
