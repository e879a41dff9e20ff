import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MultiPart } from '@site/contract';
import type { Config } from '../config.ts';
import { raceDatabase, raceServerUrl } from '../../test/database.ts';
import { filesMember } from '../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../test/support.ts';

/** Small settings, so a file of 1 KiB goes up in parts of 256 bytes. */
const uploads: Config['uploads'] = { maxBytes: 64 * 1024, multipartThresholdBytes: 1000, partBytes: 256 };

// Every statement to PostgreSQL goes through pg's Client.query, so a spy on it counts the round trips (on the
// PostgreSQL that answers: TEST_DATABASE_URL or the local one, so a PGlite run counts them too).
describe.skipIf(!raceServerUrl)('the cost of a part PUT on the local store (postgresql)', () => {
  let site: TestSite;
  let owner: Visitor;
  beforeAll(async () => {
    site = await startSite({ uploads }, { openDatabase: raceDatabase });
    owner = (await filesMember(site)).visitor;
  });
  afterAll(async () => site.close());

  it('should check and touch its upload in one statement, and still refuse a part once the upload is gone', async () => {
    const bytes = randomBytes(1024);
    const { uploadId } = (await owner.post('/api/files/create-upload', { size: bytes.length }).expect(200))
      .body.contents as MultiPart['contents'];
    const { urls } = (
      await owner.post(`/api/files/uploads/${uploadId}/part-urls`, { partNumbers: [1, 2] }).expect(200)
    ).body as { urls: Record<string, string> };
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await request(site.app).put(urls['1']!).send(bytes.subarray(0, 256)).expect(204);
      expect(statements).toHaveBeenCalledTimes(1);
    } finally {
      statements.mockRestore();
    }
    await owner.delete(`/api/files/uploads/${uploadId}`).expect(204);
    await request(site.app).put(urls['2']!).send(bytes.subarray(256, 512)).expect(403);
  });

  it('should claim a single PUT and check its upload is still wanted in two statements', async () => {
    const bytes = randomBytes(100);
    const uploadId = (await owner.post('/api/files/create-upload', { size: bytes.length }).expect(200)).body
      .contents as string;
    const { url } = (await owner.get(`/api/files/signed-url/${uploadId}`).expect(200)).body as {
      url: string;
    };
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await request(site.app).put(url).send(bytes).expect(204);
      expect(statements).toHaveBeenCalledTimes(2);
    } finally {
      statements.mockRestore();
    }
    // Used once: the link is dead now.
    await request(site.app).put(url).send(bytes).expect(403);
  });
});
