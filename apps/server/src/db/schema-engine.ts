import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as engineModule from '@prisma/schema-engine-wasm/schema_engine_bg';
import { PrismaPGlite } from 'pglite-prisma-adapter';

/**
 * Prisma's schema engine compiled to WASM, so migrations can be written without the native engine that the
 * CLI would download. Node 20 cannot import a .wasm module, so it is instantiated by hand.
 */
export async function openSchemaEngine(schema: string): Promise<engineModule.SchemaEngine> {
  const require = createRequire(import.meta.url);
  const wasmPath = require
    .resolve('@prisma/schema-engine-wasm')
    .replace(/schema_engine\.js$/, 'schema_engine_bg.wasm');
  const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
    './schema_engine_bg.js': engineModule as unknown as WebAssembly.ModuleImports,
  });
  engineModule.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  // A diff between two datamodels never touches a database, but the engine insists on an adapter.
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(new PGlite()));
  return engineModule.SchemaEngine.new({ datamodels: [['schema.prisma', schema]] }, () => {}, adapter);
}
