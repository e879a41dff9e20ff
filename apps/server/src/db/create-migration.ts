/**
 * `pnpm db:migration <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql for whatever changed in
 * prisma/schema.prisma since the last migration. Each migration folder keeps a copy of the schema it was made
 * from (schema.prisma), so the next diff is between two datamodels and needs no database at all.
 */
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSchemaEngine } from './schema-engine.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const schemaPath = path.join(root, 'prisma/schema.prisma');
const migrationsDir = path.join(root, 'prisma/migrations');

const name = (process.argv[2] ?? '')
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_')
  .replace(/^_|_$/g, '');
if (!name) {
  console.error('usage: pnpm db:migration <name>');
  process.exit(2);
}

await mkdir(migrationsDir, { recursive: true });
const previous = (await readdir(migrationsDir, { withFileTypes: true }))
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()
  .at(-1);
const schema = await readFile(schemaPath, 'utf8');
const previousSchema = previous
  ? await readFile(path.join(migrationsDir, previous, 'schema.prisma'), 'utf8')
  : null;

const engine = await openSchemaEngine(schema);
const diff = await engine.diff({
  from: previousSchema
    ? { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: previousSchema }] }
    : { tag: 'empty' },
  to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: schema }] },
  script: true,
  exitCode: true,
  filters: { externalTables: [], externalEnums: [] },
});
if (diff.exitCode === 0 || !diff.stdout) {
  console.log('The schema has not changed since the last migration; nothing written.');
  process.exit(0);
}

const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join(migrationsDir, `${stamp}_${name}`);
await mkdir(dir);
await writeFile(path.join(dir, 'migration.sql'), diff.stdout);
await copyFile(schemaPath, path.join(dir, 'schema.prisma'));
await writeFile(path.join(migrationsDir, 'migration_lock.toml'), 'provider = "postgresql"\n');
console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
