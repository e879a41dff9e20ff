// Baselines for bench/startup/run.mjs: a process that answers GET /api/health as soon as it is up (`node`), and one
// that first opens DATA_DIR/db with PGlite, with the server's memory settings (`pglite`): what the server's own
// start-up and idle memory are held to. Usage: node bench/startup/bare.mjs node|pglite
import { createServer } from 'node:http';
import path from 'node:path';

const mode = process.argv[2];
if (mode === 'pglite') {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = path.join(process.env.DATA_DIR, 'db');
  const db = new PGlite(dir, {
    postgresqlconf: [
      'shared_buffers = 16MB',
      'work_mem = 2MB',
      'maintenance_work_mem = 8MB',
      'wal_buffers = 1MB',
    ],
  });
  await db.query('SELECT 1');
}
createServer((_req, res) => res.end('{"status":"ok"}')).listen(Number(process.env.PORT), '127.0.0.1');
