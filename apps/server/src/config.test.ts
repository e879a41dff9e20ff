import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
});
async function dataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'config-'));
  dirs.push(dir);
  return dir;
}

describe('configuration from the environment', () => {
  it('lists every bad variable at once in one ConfigError', async () => {
    const env = {
      DATA_DIR: await dataDir(),
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      SESSION_SECRET: 'too short',
      SHUTDOWN_TIMEOUT: '-1',
      PUBLIC_URL: 'not a url',
    };
    const error = (() => {
      try {
        loadConfig(env);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'LOG_LEVEL', 'SESSION_SECRET', 'SHUTDOWN_TIMEOUT', 'PUBLIC_URL'])
      expect(message).toMatch(new RegExp(`^  ${name}: `, 'm'));
    expect(message).toContain('SESSION_SECRET: must be at least 32 characters');
  });

  it('runs on the embedded defaults with nothing set but the data folder', async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: undefined,
      dataDir: dir,
      database: { pgliteDir: path.join(dir, 'db') },
      publicUrl: 'http://localhost:3000',
      production: false,
      secureCookies: false,
      logLevel: 'info',
      trustProxy: 0,
      mail: {
        smtpUrl: undefined,
        from: 'Personal Site <no-reply@localhost>',
        outboxDir: path.join(dir, 'outbox'),
      },
      storage: { kind: 'local', dir: path.join(dir, 'blobs') },
      shutdownTimeoutMs: 30_000,
      passwordCost: 12,
    });
  });

  it('reads the password hashing cost, refusing one bcrypt cannot use or that would take minutes', async () => {
    const dir = await dataDir();
    expect(loadConfig({ DATA_DIR: dir, PASSWORD_COST: '4' }).passwordCost).toBe(4);
    expect(() => loadConfig({ DATA_DIR: dir, PASSWORD_COST: '3' })).toThrow(/PASSWORD_COST: /);
    expect(() => loadConfig({ DATA_DIR: dir, PASSWORD_COST: '17' })).toThrow(/PASSWORD_COST: /);
    expect(() => loadConfig({ DATA_DIR: dir, PASSWORD_COST: 'high' })).toThrow(/PASSWORD_COST: /);
  });

  it('treats empty variables as unset, as compose files and shells leave them', async () => {
    const dir = await dataDir();
    const config = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: '',
      S3_BUCKET: '',
      SMTP_URL: '',
      SESSION_SECRET: '',
    });
    expect(config.database).toEqual({ pgliteDir: path.join(dir, 'db') });
    expect(config.storage.kind).toBe('local');
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('in production without SESSION_SECRET, generates one secret into DATA_DIR once and reuses it', async () => {
    const dir = await dataDir();
    const env = { DATA_DIR: dir, NODE_ENV: 'production', PUBLIC_URL: 'https://photos.example.com/' };
    const first = loadConfig(env);
    expect(first.production).toBe(true);
    expect(first.secureCookies).toBe(true);
    expect(first.publicUrl).toBe('https://photos.example.com');
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'session-secret');
    expect(await readFile(file, 'utf8')).toBe(first.sessionSecret);
    // Readable by the server's user only.
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    expect(loadConfig(env).sessionSecret).toBe(first.sessionSecret);
    expect(loadConfig({ ...env, DATA_DIR: await dataDir() }).sessionSecret).not.toBe(first.sessionSecret);
  });

  it('keeps DATA_DIR to the server user, creating it so or narrowing one that exists', async () => {
    const parent = await dataDir();
    const fresh = path.join(parent, 'fresh');
    loadConfig({ DATA_DIR: fresh, SESSION_SECRET: 'x'.repeat(40) });
    expect((await stat(fresh)).mode & 0o777).toBe(0o700);
    const open = await dataDir();
    await chmod(open, 0o755);
    loadConfig({ DATA_DIR: open });
    expect((await stat(open)).mode & 0o777).toBe(0o700);
  });

  it('uses a given SESSION_SECRET and writes no secret file', async () => {
    const dir = await dataDir();
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    await expect(stat(path.join(dir, 'session-secret'))).rejects.toThrow(/ENOENT/);
  });

  it('keeps cookies insecure in production behind a plain http PUBLIC_URL, which browsers would refuse', async () => {
    const config = loadConfig({
      DATA_DIR: await dataDir(),
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://nas.local',
    });
    expect(config.production).toBe(true);
    expect(config.secureCookies).toBe(false);
  });

  it('reads the upload limits (10 GiB, 64 MiB, 16 MiB by default) and refuses parts under 5 MiB with S3', async () => {
    const dir = await dataDir();
    expect(loadConfig({ DATA_DIR: dir }).uploads).toEqual({
      maxBytes: 10 * 1024 ** 3,
      multipartThresholdBytes: 64 * 1024 ** 2,
      partBytes: 16 * 1024 ** 2,
    });
    expect(
      loadConfig({ DATA_DIR: dir, MAX_UPLOAD_BYTES: '1000', UPLOAD_PART_BYTES: '1024' }).uploads,
    ).toMatchObject({
      maxBytes: 1000,
      partBytes: 1024,
    });
    expect(() => loadConfig({ DATA_DIR: dir, S3_BUCKET: 'blobs', UPLOAD_PART_BYTES: '1048576' })).toThrow(
      /UPLOAD_PART_BYTES: must be at least 5242880/,
    );
  });

  it('reads S3 (internal and public endpoints), PostgreSQL, SMTP and the shutdown timeout when set', async () => {
    const config = loadConfig({
      DATA_DIR: await dataDir(),
      DATABASE_URL: 'postgresql://app@db/site',
      S3_BUCKET: 'blobs',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'https://s3.example.com',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'key',
      S3_FORCE_PATH_STYLE: 'false',
      SMTP_URL: 'smtp://mail.example.com:587',
      SHUTDOWN_TIMEOUT: '2.5',
    });
    expect(config.database).toEqual({ url: 'postgresql://app@db/site' });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'blobs',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'https://s3.example.com',
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: { accessKeyId: 'id', secretAccessKey: 'key' },
    });
    expect(config.mail.smtpUrl).toBe('smtp://mail.example.com:587');
    expect(config.shutdownTimeoutMs).toBe(2500);
  });

  it("sends backups to BACKUP_S3_BUCKET under its prefix, also with S3 blobs, and refuses the blobs' own bucket", async () => {
    const dir = await dataDir();
    const s3 = { S3_ENDPOINT: 'http://garage:3900', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(loadConfig({ DATA_DIR: dir, ...s3, S3_BUCKET: 'blobs' }).backups).toBeNull();
    const config = loadConfig({
      DATA_DIR: dir,
      ...s3,
      S3_BUCKET: 'blobs',
      BACKUP_S3_BUCKET: 'backups',
      BACKUP_S3_PREFIX: '/site/nightly',
    });
    expect(config.backups).toMatchObject({
      dir: path.join(dir, 'backups'),
      keep: 14,
      bucket: {
        bucket: 'backups',
        prefix: 'site/nightly/',
        endpoint: 'http://garage:3900',
        credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      },
    });
    expect(loadConfig({ DATA_DIR: dir, BACKUP_S3_BUCKET: 'backups' }).backups?.bucket?.prefix).toBe(
      'site-backups/',
    );
    expect(() => loadConfig({ DATA_DIR: dir, ...s3, S3_BUCKET: 'blobs', BACKUP_S3_BUCKET: 'blobs' })).toThrow(
      /BACKUP_S3_BUCKET: must be another bucket than S3_BUCKET/,
    );
    expect(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgresql://db/site', BACKUP_S3_BUCKET: 'b' }).backups,
    ).toBeNull();
  });
});
