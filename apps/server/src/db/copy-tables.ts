import type { SqlRunner } from './migrate.ts';

type Reader = Pick<SqlRunner, 'query'>;

interface Table {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** Columns naming a row of the same table (a folder's parent): filled in once every row is there. */
  selfReferences: string[];
  /** Other tables its foreign keys name, which must be filled first. */
  needs: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows go over as JSON: to_jsonb on one side, jsonb_populate_recordset on the other, types kept by the schema. */
const batchRows = 500;

/** The site's tables (the migrations' bookkeeping aside) with what copying them in order needs. */
async function siteTables(db: Reader): Promise<Table[]> {
  const columns = await db.query<{ table: string; column: string; key: boolean }>(
    `SELECT c.relname AS "table", a.attname AS "column",
            EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS key
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relkind = 'r' AND c.relname <> '_prisma_migrations'
      ORDER BY c.relname, a.attnum`,
  );
  const keys = await db.query<{ table: string; references: string; column: string }>(
    `SELECT src.relname AS "table", dst.relname AS "references", a.attname AS "column"
       FROM pg_constraint k
       JOIN pg_class src ON src.oid = k.conrelid
       JOIN pg_namespace n ON n.oid = src.relnamespace AND n.nspname = 'public'
       JOIN pg_class dst ON dst.oid = k.confrelid
       JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
      WHERE k.contype = 'f'`,
  );
  const tables = new Map<string, Table>();
  for (const { table, column, key } of columns) {
    const entry = tables.get(table) ?? {
      name: table,
      columns: [],
      primaryKey: [],
      selfReferences: [],
      needs: [],
    };
    entry.columns.push(column);
    if (key) entry.primaryKey.push(column);
    tables.set(table, entry);
  }
  for (const { table, references, column } of keys) {
    const entry = tables.get(table)!;
    if (references === table) entry.selfReferences.push(column);
    else if (!entry.needs.includes(references)) entry.needs.push(references);
  }
  return [...tables.values()];
}

/** `tables` with each after every table it needs. */
function inFillingOrder(tables: Table[]): Table[] {
  const ordered: Table[] = [];
  const placed = new Set<string>();
  let left = tables;
  while (left.length > 0) {
    const ready = left.filter((t) => t.needs.every((name) => placed.has(name)));
    if (ready.length === 0)
      throw new Error(`foreign keys form a cycle among ${left.map((t) => t.name).join(', ')}`);
    for (const table of ready) placed.add(table.name);
    ordered.push(...ready);
    left = left.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/** The site's tables that hold rows in `db` (empty for a database that holds no site yet). */
export async function filledTables(db: Reader): Promise<string[]> {
  const filled: string[] = [];
  for (const { name } of await siteTables(db)) {
    const [row] = await db.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quote(name)}) AS any`);
    if (row?.any) filled.push(name);
  }
  return filled;
}

/**
 * Copies every row of every site table from `from` into `to`, both migrated to the same schema, `to` empty;
 * answers the rows copied per table. Runs in one transaction on `to`: a failure leaves it as it was.
 */
export async function copyTables(from: Reader, to: SqlRunner): Promise<Map<string, number>> {
  const tables = inFillingOrder(await siteTables(from));
  const copied = new Map<string, number>();
  await to.exec('BEGIN');
  try {
    for (const table of tables) {
      const name = quote(table.name);
      const rows = (await from.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${name} t`)).map(
        (r) => r.row,
      );
      const values = table.columns
        .map((c) => (table.selfReferences.includes(c) ? 'NULL' : `s.${quote(c)}`))
        .join(', ');
      const match = table.primaryKey.map((c) => `t.${quote(c)} = s.${quote(c)}`).join(' AND ');
      for (let at = 0; at < rows.length; at += batchRows) {
        const batch = JSON.stringify(rows.slice(at, at + batchRows));
        await to.query(
          `INSERT INTO ${name} (${table.columns.map(quote).join(', ')})
           SELECT ${values} FROM jsonb_populate_recordset(NULL::${name}, $1::jsonb) s`,
          [batch],
        );
      }
      // Self references once every row they may name is there.
      for (let at = 0; table.selfReferences.length > 0 && at < rows.length; at += batchRows) {
        const batch = JSON.stringify(rows.slice(at, at + batchRows));
        const set = table.selfReferences.map((c) => `${quote(c)} = s.${quote(c)}`).join(', ');
        await to.query(
          `UPDATE ${name} t SET ${set} FROM jsonb_populate_recordset(NULL::${name}, $1::jsonb) s WHERE ${match}`,
          [batch],
        );
      }
      copied.set(table.name, rows.length);
    }
    await to.exec('COMMIT');
    return copied;
  } catch (error) {
    await to.exec('ROLLBACK');
    throw error;
  }
}
