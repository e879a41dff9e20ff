import { nextPageHeader, type Image } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumOwner } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { startSite, type TestSite } from '../../../test/support.ts';
import { Prisma } from '../../db/generated/client.ts';
import { imagePageSql } from './list-images.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const photos = 2_000;

/** A plan node of EXPLAIN (FORMAT JSON), with the fields read here. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe(`a page deep in a big album (${databaseKind})`, () => {
  // The page after the first of a 10,000-photo album once took 40-70 s on PGlite, holding its only connection: the
  // subquery saying since when photos are new, which looks through the whole album, ran once per photo listed.
  it('works out since when photos are new once per page, not once per photo', async () => {
    const { owner, album } = await albumOwner(site);
    const albumId = album.photoAlbumId;
    const { db } = site.deps;
    // Rows straight into the table, as 2,000 uploads would take minutes; no bytes are read here.
    await db.$executeRaw`
      INSERT INTO "Image" (id, "albumId", "thumbnailId", rank, "addedById")
      SELECT gen_random_uuid(), ${albumId}::uuid, gen_random_uuid(), n, ${owner.user.userId}::uuid
      FROM generate_series(0, ${photos - 1}::int) AS n`;
    // Opening the album is what made the subquery look through the album's photos.
    await owner.visitor.put(`/api/photo-albums/${albumId}/viewed`).expect(204);

    const path = `/api/photo-albums/${albumId}/images?limit=240`;
    const first = await owner.visitor.get(path).expect(200);
    const second = await owner.visitor
      .get(`${path}&after=${first.headers[nextPageHeader] as string}`)
      .expect(200);
    expect((second.body as Image[]).map((image) => image.rank)).toEqual(
      Array.from({ length: 240 }, (_, n) => 240 + n),
    );

    const [
      {
        'QUERY PLAN': [plan],
      },
    ] = await db.$queryRaw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${imagePageSql(
        { id: albumId, imageOrder: 'MANUAL' },
        owner.user.userId,
        Prisma.sql`AND i.rank >= 240`,
        false,
        241,
      )}`,
    );
    const marks = nodesOf(plan.Plan).filter(
      (node) => node['Relation Name'] === 'AlbumView' || node.Alias === 'added',
    );
    // The view row, and the album's photos added since it.
    expect(marks.length).toBeGreaterThanOrEqual(2);
    expect(marks.map((node) => node['Actual Loops'])).toEqual(marks.map(() => 1));
  });
});
