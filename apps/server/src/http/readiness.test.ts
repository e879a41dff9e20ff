import { rm, writeFile } from 'node:fs/promises';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { createApp } from '../app.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const blobDir = () => (site.deps.config.storage as { dir: string }).dir;

describe(`readiness and liveness (${databaseKind})`, () => {
  it('answers ready when the database, the blob store and the migrations are fine, without a session', async () => {
    const res = await request(site.app).get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 503 naming the blob store while its folder cannot be written, and ready again after', async () => {
    await rm(blobDir(), { recursive: true, force: true });
    // A file where the folder should be: not writable even for root, which ignores permission bits.
    await writeFile(blobDir(), 'in the way');
    try {
      const res = await request(site.app).get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.error.code).toBe('unavailable');
      expect(res.body.error.message).toBe('Not ready: blob store');
      expect(res.body.error.message).not.toMatch(/ENOTDIR|EEXIST|\//);
      // Liveness depends on nothing.
      await request(site.app).get('/api/health').expect(200);
    } finally {
      await rm(blobDir(), { force: true });
    }
    await request(site.app).get('/api/ready').expect(200);
  });

  it('answers 503 naming the migrations while one of this build is not applied', async () => {
    const [last] = await site.deps.db.$queryRawUnsafe<{ migration_name: string }[]>(
      'SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1',
    );
    await site.deps.db.$executeRawUnsafe(
      `UPDATE "_prisma_migrations" SET finished_at = NULL WHERE migration_name = $1`,
      last!.migration_name,
    );
    try {
      const res = await request(site.app).get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe('Not ready: migrations');
    } finally {
      await site.deps.db.$executeRawUnsafe(
        `UPDATE "_prisma_migrations" SET finished_at = now() WHERE migration_name = $1`,
        last!.migration_name,
      );
    }
  });

  it('answers 503 while the server shuts down, though every part is fine', async () => {
    const draining = createApp({ ...site.deps, draining: () => true });
    const res = await request(draining).get('/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe('Not ready: shutting down');
    await request(draining).get('/api/health').expect(200);
  });

  it('answers 503 naming the database once it is gone, and health still answers 200', async () => {
    const gone = await startSite();
    await gone.close();
    const res = await request(gone.app).get('/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('unavailable');
    expect(res.body.error.message).toBe('Not ready: database');
    expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
    await request(gone.app).get('/api/health').expect(200);
  });
});
