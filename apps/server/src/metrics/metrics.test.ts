import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpVisitor } from '../../test/factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { enqueue } from '../jobs/queue.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { registerGauge } from './registry.ts';

const token = 'metrics-token-for-tests-0123456789';

/** The value of one sample line in Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find(
      (l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((w) => l.includes(w)),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('metrics when METRICS_TOKEN is not set', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site.close());

  it('should not exist at all', async () => {
    await request(site.app).get('/metrics').set('Authorization', `Bearer ${token}`).expect(404);
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let site: TestSite;
  const scrape = async () =>
    (await request(site.app).get('/metrics').set('Authorization', `Bearer ${token}`).expect(200)).text;
  beforeAll(async () => {
    site = await startSite({ metricsToken: token });
  });
  afterAll(() => site.close());

  it('should refuse a scrape without the bearer token or with a wrong one', async () => {
    const bare = await request(site.app).get('/metrics').expect(401);
    expect(bare.headers['www-authenticate']).toBe('Bearer');
    expect(bare.text).not.toContain('http_requests_total');
    await request(site.app).get('/metrics').set('Authorization', `Bearer ${token}x`).expect(401);
    await request(site.app).get('/metrics').set('Authorization', token).expect(401);
  });

  it('should expose process metrics in Prometheus text', async () => {
    const text = await scrape();
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('should count requests by route template and status, with their latency', async () => {
    const route = '/api/photo-albums/:photoAlbumId';
    const labels = { method: 'GET', route, status: '401' };
    const before = await scrape();
    const visitor = await site.visitor();
    await visitor.get(`/api/photo-albums/${randomUUID()}`).expect(401);
    await visitor.get(`/api/photo-albums/${randomUUID()}`).expect(401);
    const after = await scrape();
    expect(sample(after, 'http_requests_total', labels) - sample(before, 'http_requests_total', labels)).toBe(
      2,
    );
    expect(
      sample(after, 'http_request_duration_seconds_count', labels) -
        sample(before, 'http_request_duration_seconds_count', labels),
    ).toBe(2);
    // Raw URLs (with their ids) never become labels.
    expect(after).not.toMatch(/route="\/api\/photo-albums\/[0-9a-f]{8}-/);
  });

  it('should report a gauge registered by another part of the server at scrape time', async () => {
    let depth = 3;
    registerGauge({ name: 'test_queue_depth', help: 'jobs waiting', collect: async () => depth });
    expect(sample(await scrape(), 'test_queue_depth', {})).toBe(3);
    depth = 5;
    expect(sample(await scrape(), 'test_queue_depth', {})).toBe(5);
  });

  it('should count requests that fail in the database', async () => {
    const { visitor } = await signedUpVisitor(site);
    const errors = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('database_errors_total{'))
        .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
    const before = await scrape();
    // A table that vanished stands in for a database that answers with errors.
    await site.deps.db.$executeRawUnsafe('ALTER TABLE "PhotoAlbum" RENAME TO "PhotoAlbumAway"');
    try {
      expect((await visitor.get('/api/photo-albums')).status).toBeGreaterThanOrEqual(500);
    } finally {
      await site.deps.db.$executeRawUnsafe('ALTER TABLE "PhotoAlbumAway" RENAME TO "PhotoAlbum"');
    }
    expect(errors(await scrape()) - errors(before)).toBe(1);
    await visitor.get('/api/photo-albums').expect(200);
  });

  it('should show the job queue by kind and state, so a stuck part shows as a growing count', async () => {
    const before = sample(await scrape(), 'jobs', { kind: 'delete-blobs', state: 'PENDING' });
    await enqueue(
      site.deps.db,
      'delete-blobs',
      { keys: [randomUUID()] },
      { runAt: new Date(Date.now() + 3_600_000) },
    );
    expect(sample(await scrape(), 'jobs', { kind: 'delete-blobs', state: 'PENDING' })).toBe(before + 1);
  });

  it('should show every job kind and state, failures and the oldest due job from the first scrape', async () => {
    const text = await scrape();
    for (const kind of ['verification-mail', 'album-shared', 'delete-blobs']) {
      expect(text).toMatch(new RegExp(`^jobs\\{kind="${kind}",state="DEAD"\\} \\d+$`, 'm'));
      expect(text).toMatch(new RegExp(`^job_failures_total\\{kind="${kind}"\\} \\d+$`, 'm'));
    }
    expect(text).toMatch(/^jobs_oldest_due_age_seconds \d/m);
    await enqueue(
      site.deps.db,
      'delete-blobs',
      { keys: [randomUUID()] },
      { runAt: new Date(Date.now() - 60_000) },
    );
    expect(sample(await scrape(), 'jobs_oldest_due_age_seconds', {})).toBeGreaterThanOrEqual(60);
  });

  it('should say which build and Node.js it runs', async () => {
    expect(await scrape()).toContain(`site_build_info{commit="`);
    expect(sample(await scrape(), 'site_build_info', { nodejs: process.version })).toBe(1);
  });

  it('should time blob transfers apart from API calls', async () => {
    const labels = { method: 'GET', route: '/blobs/*', status: '403' };
    const before = await scrape();
    await request(site.app).get(`/blobs/${randomUUID()}`).expect(403);
    const after = await scrape();
    const count = (text: string, name: string) => sample(text, name, labels);
    expect(
      count(after, 'http_transfer_duration_seconds_count') -
        count(before, 'http_transfer_duration_seconds_count'),
    ).toBe(1);
    expect(count(after, 'http_request_duration_seconds_count')).toBe(0);
  });

  it('should count mails sent', async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const mailer = createMailer(
      { ...site.deps.config, mail: { ...site.deps.config.mail, smtpUrl: undefined, outboxDir } },
      pino({ level: 'silent' }),
    );
    const before = sample(await scrape(), 'mails_sent_total', {});
    await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    expect(sample(await scrape(), 'mails_sent_total', {})).toBe(before + 1);
    await rm(outboxDir, { recursive: true, force: true });
  });
});
