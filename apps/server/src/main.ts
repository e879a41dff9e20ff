import { createServer } from 'node:http';
import { pino } from 'pino';
import { createApp } from './app.ts';
import type { AppDeps } from './deps.ts';
import { scheduleExpiredSessionRemoval } from './auth/expired-sessions.ts';
import { createPasswords } from './auth/password.ts';
import { registerBackupMetrics } from './backups/metrics.ts';
import { scheduleBackups } from './backups/schedule.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { MigrationError } from './db/migrate.ts';
import { DatabaseInUseError } from './db/pglite-lock.ts';
import { scheduleTableStatistics } from './db/table-statistics.ts';
import { GracefulShutdown } from './http/shutdown.ts';
import { startJobRunner } from './jobs/runner.ts';
import { createMailer } from './mail/create-mailer.ts';
import { createBlobStore } from './storage/create-blob-store.ts';
import { scheduleStorageUpkeep } from './storage/schedule-upkeep.ts';
import { sealPlainTotpSecrets } from './features/second-factor/totp-secret.ts';

/** Start-up errors that a person must fix: their message says how, a stack trace would only hide it. */
async function orExit<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(
      error instanceof ConfigError ||
      error instanceof MigrationError ||
      error instanceof DatabaseInUseError
    ))
      throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config: Config = await orExit(() => loadConfig());
const logger = pino({ level: config.logLevel });
const database: Database = await orExit(() => openDatabase(config.database));
if (database.migrationsApplied.length > 0)
  logger.info(
    { migrations: database.migrationsApplied },
    `applied ${database.migrationsApplied.length} migrations`,
  );
// TOTP secrets written before they were encrypted at rest: sealed now, so none stays readable in a dump.
const sealed = await sealPlainTotpSecrets(database.prisma, config.encryptionKey);
if (sealed > 0) logger.info({ sealed }, `encrypted ${sealed} authenticator-app secrets`);
const shutdown = new GracefulShutdown({ logger, timeoutMs: config.shutdownTimeoutMs });

const deps: AppDeps = {
  config,
  db: database.prisma,
  prepare: database.prepare,
  logger,
  passwords: createPasswords(config.passwordCost),
  mailer: createMailer(config, logger),
  blobs: createBlobStore(config),
  draining: () => shutdown.draining,
};
const app = createApp(deps);
const jobRunner = startJobRunner(deps);
const stopUpkeep = scheduleStorageUpkeep(deps);
const stopSessionRemoval = scheduleExpiredSessionRemoval(deps);
// PostgreSQL's autovacuum keeps its own statistics; PGlite has none.
const stopStatistics = database.pglite ? scheduleTableStatistics(deps) : () => {};
const { backups } = config;
let stopBackups = async () => {};
if (backups && database.pglite) {
  registerBackupMetrics(backups.dir);
  stopBackups = scheduleBackups({ pglite: database.pglite, config: { ...config, backups }, logger });
}

const server = createServer(app).listen({ port: config.port, host: config.host }, () => {
  logger.info(
    {
      port: config.port,
      host: config.host ?? 'every interface',
      database: 'url' in config.database ? 'postgresql' : 'pglite',
      storage: config.storage.kind,
    },
    `listening on ${config.publicUrl}`,
  );
});

// After the requests drain, in this order; background workers stop before the database they use closes.
shutdown.install(server, [
  { name: 'storage upkeep', close: stopUpkeep },
  { name: 'expired session removal', close: stopSessionRemoval },
  { name: 'table statistics', close: stopStatistics },
  { name: 'job runner', close: () => jobRunner.stop() },
  { name: 'backups', close: stopBackups },
  { name: 'database', close: () => database.close() },
]);
