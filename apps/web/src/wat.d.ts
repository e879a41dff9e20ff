/** WebAssembly text compiled by wat-plugin.ts: the module's binary. */
declare module '*.wat' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
