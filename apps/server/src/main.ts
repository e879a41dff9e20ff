import { pino } from 'pino';
import { createApp } from './app.ts';
import type { AppDeps } from './deps.ts';
import { scheduleExpiredSessionRemoval } from './auth/expired-sessions.ts';
import { createPasswords } from './auth/password.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { createMailer } from './mail/create-mailer.ts';
import { createBlobStore } from './storage/create-blob-store.ts';
import { scheduleUploadSweeps } from './storage/sweep-uploads.ts';

const config = loadConfig();
const logger = pino({ level: config.logLevel });

const database = await openDatabase(config.database);
const deps: AppDeps = {
  config,
  db: database.prisma,
  logger,
  passwords: createPasswords(config.passwordCost),
  mailer: createMailer(config, logger),
  blobs: createBlobStore(config),
};
const app = createApp(deps);
const stopSweeps = scheduleUploadSweeps(deps);
const stopSessionRemoval = scheduleExpiredSessionRemoval(deps);

const server = app.listen(config.port, () => {
  logger.info(
    {
      port: config.port,
      database: 'url' in config.database ? 'postgresql' : 'pglite',
      storage: config.storage.kind,
    },
    `listening on ${config.publicUrl}`,
  );
});

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  stopSweeps();
  stopSessionRemoval();
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
