import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths.ts';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Every environment variable the server reads. The README's configuration table mirrors this. */
const Env = z.object({
  /** Port to listen on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Address to listen on, e.g. 127.0.0.1 behind a proxy on the same machine; every interface when unset. */
  HOST: optional,
  /** Folder for the embedded database, local blobs, the outbox and the generated session secret. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** PostgreSQL connection string; without it the embedded PGlite under DATA_DIR/db is used. */
  DATABASE_URL: optional,
  /** Signs the CSRF cookie and blob URLs. Without it one is generated once and kept in DATA_DIR. */
  SESSION_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Encrypts secrets kept in the database (authenticator apps' TOTP secrets); generated when unset. */
  ENCRYPTION_KEY: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** The address people reach the site at; links in e-mails are built from it. */
  PUBLIC_URL: optional.pipe(z.string().url().optional()),
  /** `production` turns on secure cookies (with an https PUBLIC_URL) and terse logs. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Number of reverse proxies in front of the server, so client addresses come from X-Forwarded-For. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /**
   * Hands local blob downloads to the proxy in front: `nginx` or `caddy` answer `X-Accel-Redirect`, `sendfile`
   * answers `X-Sendfile` (Apache, lighttpd); the proxy then sends the file itself (README, "Downloads through the
   * proxy"). Only behind such a proxy: without one the browser gets an empty answer.
   */
  DOWNLOAD_OFFLOAD: z.enum(['off', 'nginx', 'caddy', 'sendfile']).default('off'),
  /** SMTP server, e.g. smtp://user:pass@mail.example.com:587; without it mail goes to DATA_DIR/outbox. */
  SMTP_URL: optional.pipe(z.string().url().optional()),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().default('Personal Site <no-reply@localhost>'),
  /** S3 bucket for blobs; without it blobs are kept under DATA_DIR/blobs. */
  S3_BUCKET: optional,
  /** S3-compatible endpoint the server itself calls, e.g. http://garage:3900 inside compose; empty for AWS. */
  S3_ENDPOINT: optional.pipe(z.string().url().optional()),
  /** The same store as browsers reach it, used in presigned URLs and the CSP; defaults to S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: optional.pipe(z.string().url().optional()),
  /** S3 region. */
  S3_REGION: z.string().default('us-east-1'),
  /** S3 credentials; without them the SDK's default chain (instance role, env, profile) is used. */
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /** Path-style bucket addressing, which MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** Seconds a shutdown (SIGTERM/SIGINT) waits for in-flight requests, long uploads and downloads included. */
  SHUTDOWN_TIMEOUT: z.coerce.number().positive().default(30),
  /** Turns on Prometheus metrics at GET /metrics, readable with `Authorization: Bearer <this token>`. */
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** The largest file an upload may announce, in bytes; larger ones are refused (413) before any byte moves. */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 ** 3),
  /** Files larger than this many bytes are uploaded in parts (MultiPart), which survive a dropped connection. */
  MULTIPART_THRESHOLD_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 ** 2),
  /** Bytes per part of a MultiPart upload, raised for a file that would need over 10 000 parts. */
  UPLOAD_PART_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(1024 ** 3, 'must be at most 1 GiB')
    .default(16 * 1024 ** 2),
  /** Bytes each member may store (files, photos with their renditions, pending uploads, the trash) unless an
   * admin sets their own quota. */
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(50 * 1024 ** 3),
  /** The quota of an account whose e-mail address is not verified yet. */
  UNVERIFIED_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(200 * 1024 ** 2),
  /**
   * Bytes kept free on the local blob store's disk: below it uploads are refused (507) and /api/ready answers 503.
   * A fixed size rather than a share of the disk: the database on the same disk needs room for its write-ahead log
   * (PostgreSQL's max_wal_size defaults to 1 GB) whatever the disk's size. 0 turns the guard off; none with S3.
   */
  DISK_RESERVE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 ** 3),
  /**
   * Seconds an upload stays claimed by a completion (a PUT writing its bytes, create-file joining its parts) that
   * has stopped renewing its claim, as one whose server was killed has; then a retry takes it over. A live one
   * renews it four times a lease while its bytes move.
   */
  UPLOAD_LEASE_SECONDS: z.coerce.number().positive().default(60),
  /** Days a deleted file, folder, photo or album stays in its owner's trash before it is purged for good. */
  TRASH_DAYS: z.coerce.number().positive().default(30),
  /**
   * bcrypt's cost factor for stored passwords: each step doubles the time a hash takes, for a log in and for
   * anyone guessing at a stolen hash. 4 (bcrypt's least) is for test servers, where hundreds of sign-ups would
   * otherwise spend minutes hashing.
   */
  PASSWORD_COST: z.coerce.number().int().min(4).max(16).default(12),
  /** Folder the server's own backups go to (with the embedded database), and where their status is kept. */
  BACKUP_DIR: optional,
  /**
   * S3 bucket the server's own backups go to instead of BACKUP_DIR, on the store S3_ENDPOINT names, with the same
   * S3 settings and keys; not S3_BUCKET itself (the site's reconcile would remove them). Needed for backups when the
   * blobs are in S3_BUCKET: they are then copied by the store itself.
   */
  BACKUP_S3_BUCKET: optional,
  /** Key prefix of the backups in BACKUP_S3_BUCKET: archives at `<prefix>site-<time>.tar`, blobs in `<prefix>blobs/`. */
  BACKUP_S3_PREFIX: z
    .string()
    .default('site-backups/')
    .transform((p) => p.replace(/^\/+/, ''))
    .transform((p) => (p === '' || p.endsWith('/') ? p : `${p}/`)),
  /**
   * Hour of the day (0-23, the server's local time) of the daily backup, or `off`. With DATABASE_URL there is none
   * (back it up with pg_dump, README), nor with S3_BUCKET unless BACKUP_S3_BUCKET is set.
   */
  BACKUP_HOUR: z.union([z.literal('off'), z.coerce.number().int().min(0).max(23)]).default(3),
  /** Hours between backups instead of one a day at BACKUP_HOUR, e.g. 6; unset for daily. */
  BACKUP_INTERVAL_HOURS: optional.pipe(z.coerce.number().positive().optional()),
  /** Verified backups kept; older ones are removed after each new one passes its verification. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  /** Folder holding the built web app (index.html and assets). */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
});

/** The names of every environment variable the server reads (the compose file's lint checks against it). */
export const configVariables: readonly string[] = Object.keys(Env.shape);

export type Config = ReturnType<typeof toConfig>;
export type DownloadOffload = Config['downloadOffload'];

function toConfig(env: z.infer<typeof Env>, sessionSecret: string, encryptionKey: string) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    database: env.DATABASE_URL
      ? ({ url: env.DATABASE_URL } as const)
      : ({ pgliteDir: path.resolve(env.DATA_DIR, 'db') } as const),
    sessionSecret,
    encryptionKey,
    publicUrl,
    production: env.NODE_ENV === 'production',
    secureCookies: env.NODE_ENV === 'production' && publicUrl.startsWith('https:'),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    downloadOffload: env.DOWNLOAD_OFFLOAD,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.resolve(env.DATA_DIR, 'outbox') },
    storage: env.S3_BUCKET
      ? ({
          kind: 's3',
          bucket: env.S3_BUCKET,
          publicEndpoint: env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT,
          ...s3Connection(env),
        } as const)
      : ({
          kind: 'local',
          dir: path.resolve(env.DATA_DIR, 'blobs'),
          reserveBytes: env.DISK_RESERVE_BYTES,
        } as const),
    uploads: {
      maxBytes: env.MAX_UPLOAD_BYTES,
      multipartThresholdBytes: env.MULTIPART_THRESHOLD_BYTES,
      partBytes: env.UPLOAD_PART_BYTES,
    },
    quota: { defaultBytes: env.STORAGE_QUOTA_BYTES, unverifiedBytes: env.UNVERIFIED_QUOTA_BYTES },
    /** The server's own backups; null when off or when the database or blobs are not the embedded ones. */
    backups:
      env.BACKUP_HOUR === 'off' || env.DATABASE_URL || (env.S3_BUCKET && !env.BACKUP_S3_BUCKET)
        ? null
        : {
            dir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')), // as embeddedData
            keep: env.BACKUP_KEEP,
            hour: env.BACKUP_HOUR,
            intervalMs: env.BACKUP_INTERVAL_HOURS ? env.BACKUP_INTERVAL_HOURS * 60 * 60 * 1000 : null,
            /** Where they go instead of `dir` (which then holds only their status); null for the folder. */
            bucket: env.BACKUP_S3_BUCKET
              ? backupPlace(env, env.BACKUP_S3_BUCKET, env.BACKUP_S3_PREFIX)
              : null,
          },
    webDist: env.WEB_DIST,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
    /** How long a completion's claim on an upload lasts unless renewed (upload-lease.ts). */
    uploadLeaseMs: env.UPLOAD_LEASE_SECONDS * 1000,
    /** How long deleted things wait in the trash before the upkeep purges them. */
    trashMs: env.TRASH_DAYS * 24 * 60 * 60 * 1000,
    /** Bearer token for /metrics; without it metrics are off. */
    metricsToken: env.METRICS_TOKEN,
    /** bcrypt cost factor. */
    passwordCost: env.PASSWORD_COST,
    /**
     * Check every /api answer against the contract. On in development and tests, where a mismatch should fail
     * loudly; off in production, where it cost GET /api/me about a fifth of its throughput (bench/http).
     */
    responseValidation: env.NODE_ENV !== 'production',
  };
}

/**
 * Makes DATA_DIR readable by the server's user only (created so, or narrowed when we own it): it holds the
 * database, the photos, the session secret and the outbox, whose mails carry live sign-in and reset links.
 */
function protectDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((statSync(dataDir).mode & 0o077) === 0) return;
  try {
    chmodSync(dataDir, 0o700);
  } catch {
    // Not ours (a mount point owned by root, say): its owner decides who reads it.
  }
}

/**
 * A secret made once per installation into DATA_DIR/`name`, so the embedded setup needs no configuration yet
 * never shares one.
 */
function generatedSecret(dataDir: string, name: 'session-secret' | 'encryption-key'): string {
  const file = path.resolve(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

type S3Env = Pick<
  z.infer<typeof Env>,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/** The S3 connection every bucket of the site shares: endpoint, region, addressing and keys. */
function s3Connection(env: S3Env) {
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** A backup place in `bucket` under `prefix`, reached with the site's S3 connection. */
function backupPlace(env: S3Env, bucket: string, prefix: string) {
  return { ...s3Connection(env), bucket, prefix };
}

/**
 * The backup place an `s3://bucket/prefix` address names, reached with the S3 connection settings of `env`
 * (for `pnpm admin backup` and `restore`, which take the address as an argument); null when it is not one.
 */
export function backupPlaceAt(address: string, env: NodeJS.ProcessEnv = process.env) {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(address);
  if (!match) return null;
  const parsed = Env.pick({
    S3_ENDPOINT: true,
    S3_REGION: true,
    S3_FORCE_PATH_STYLE: true,
    S3_ACCESS_KEY_ID: true,
    S3_SECRET_ACCESS_KEY: true,
  }).parse(env);
  return backupPlace(parsed, match[1]!, match[2]!);
}

/** The smallest part S3 takes in a multipart upload, the last part excepted. */
const s3MinPartBytes = 5 * 1024 ** 2;

/** The environment does not make a valid configuration; the message lists every bad variable. */
export class ConfigError extends Error {}

/** Parses the environment once at start-up; throws a ConfigError listing the bad variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // S3 refuses parts under 5 MiB (all but the last), so such a setting would fail every large upload at its end.
  if (parsed.data.S3_BUCKET && parsed.data.UPLOAD_PART_BYTES < s3MinPartBytes) {
    throw new ConfigError(
      `Invalid configuration:\n  UPLOAD_PART_BYTES: must be at least ${s3MinPartBytes} (5 MiB) with S3_BUCKET`,
    );
  }
  if (parsed.data.S3_BUCKET && parsed.data.BACKUP_S3_BUCKET === parsed.data.S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration:\n  BACKUP_S3_BUCKET: must be another bucket than S3_BUCKET (the site removes objects no row names from its own)',
    );
  }
  protectDataDir(parsed.data.DATA_DIR);
  const { DATA_DIR, SESSION_SECRET, ENCRYPTION_KEY } = parsed.data;
  return toConfig(
    parsed.data,
    SESSION_SECRET ?? generatedSecret(DATA_DIR, 'session-secret'),
    ENCRYPTION_KEY ?? generatedSecret(DATA_DIR, 'encryption-key'),
  );
}

/**
 * Where the embedded parts keep their data and whether they are the ones in use, read without loadConfig's side
 * effect of writing a session secret (a restore needs its target folder untouched).
 */
export function embeddedData(env: NodeJS.ProcessEnv = process.env) {
  const parsed = Env.pick({
    DATA_DIR: true,
    DATABASE_URL: true,
    S3_BUCKET: true,
    BACKUP_DIR: true,
    BACKUP_KEEP: true,
    BACKUP_S3_BUCKET: true,
    BACKUP_S3_PREFIX: true,
  }).parse(env);
  return {
    dataDir: path.resolve(parsed.DATA_DIR),
    backupDir: path.resolve(parsed.BACKUP_DIR ?? path.join(parsed.DATA_DIR, 'backups')),
    backupKeep: parsed.BACKUP_KEEP,
    pglite: !parsed.DATABASE_URL,
    localBlobs: !parsed.S3_BUCKET,
    /** The site's blob bucket, when it has one. */
    s3Bucket: parsed.S3_BUCKET ?? null,
    /** The `s3://bucket/prefix/` the scheduled backups go to, when they go to a bucket. */
    backupAddress: parsed.BACKUP_S3_BUCKET
      ? `s3://${parsed.BACKUP_S3_BUCKET}/${parsed.BACKUP_S3_PREFIX}`
      : null,
  };
}

/** Configuration for tests: embedded parts, no files outside `dataDir`. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const env = Env.parse({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const secret = 'test-secret-test-secret-test-secret-0123';
  return { ...toConfig(env, secret, `${secret}-encryption`), ...overrides };
}
