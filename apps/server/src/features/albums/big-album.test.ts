import { nextPageHeader, type Image } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumOwner } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { startSite, type TestSite } from '../../../test/support.ts';
import { Prisma } from '../../db/generated/client.ts';
import { imagePageSql } from './list-images.ts';
import { trashImagesSql } from './remove-image.ts';

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

/** A member's album of `photos` photos they added, as rows straight into the table: uploads would take minutes. */
async function bigAlbum() {
  const { owner, album } = await albumOwner(site);
  const albumId = album.photoAlbumId;
  await site.deps.db.$executeRaw`
    INSERT INTO "Image" (id, "albumId", "thumbnailId", rank, "addedById")
    SELECT gen_random_uuid(), ${albumId}::uuid, gen_random_uuid(), n, ${owner.user.userId}::uuid
    FROM generate_series(0, ${photos - 1}::int) AS n`;
  return { owner, albumId };
}

/** The plan of `statement` as it ran (EXPLAIN ANALYZE), in a transaction rolled back so that it changes nothing. */
async function planAsRun(statement: Prisma.Sql): Promise<PlanNode> {
  let plan: PlanNode | undefined;
  const rolledBack = new Error('rolled back');
  await site.deps.db
    .$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
        Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`,
      );
      plan = row?.['QUERY PLAN'][0].Plan;
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  if (!plan) throw new Error('EXPLAIN answered no plan');
  return plan;
}

describe(`an album of ${photos} photos (${databaseKind})`, () => {
  // The page after the first of a 10,000-photo album once took 40-70 s on PGlite, holding its only connection: the
  // subquery saying since when photos are new, which looks through the whole album, ran once per photo listed.
  it('works out since when photos are new once per page, not once per photo', async () => {
    const { owner, albumId } = await bigAlbum();
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

    const plan = await planAsRun(
      imagePageSql(
        { id: albumId, imageOrder: 'MANUAL' },
        owner.user.userId,
        Prisma.sql`AND i.rank >= 240`,
        false,
        241,
      ),
    );
    const marks = nodesOf(plan).filter(
      (node) => node['Relation Name'] === 'AlbumView' || node.Alias === 'added',
    );
    // The view row, and the album's photos added since it.
    expect(marks.length).toBeGreaterThanOrEqual(2);
    expect(marks.map((node) => node['Actual Loops'])).toEqual(marks.map(() => 1));
  });

  // "Select all" then Delete on a 10,000-photo album once took 310 s on PGlite, all of it in one transaction: each
  // photo looked up its neighbours among the album's rows, and itself in the list of chosen ids.
  it('moves all its photos to the trash reading the album once, not once per photo', async () => {
    const { owner, albumId } = await bigAlbum();
    const { db } = site.deps;
    const ids = (await db.image.findMany({ where: { albumId }, select: { id: true } })).map(({ id }) => id);
    const plan = await planAsRun(trashImagesSql(albumId, ids, new Date()));
    // Each photo's own row is found by its key; every read of the album's other rows runs once.
    const albumReads = nodesOf(plan).filter(
      (node) => node['Relation Name'] === 'Image' && node.Alias !== 'i',
    );
    expect(albumReads.length).toBeGreaterThanOrEqual(1);
    expect(albumReads.map((node) => node['Actual Loops'])).toEqual(albumReads.map(() => 1));

    // Through the API: everything but one photo, in one request.
    const kept = (await db.image.findFirstOrThrow({ where: { albumId, rank: 1000 } })).id;
    await owner.visitor.post(`/api/photo-albums/${albumId}/remove-photos`, { allExcept: [kept] }).expect(204);
    const left = await db.image.findMany({ where: { albumId, trashedAt: null } });
    expect(left.map(({ id, rank }) => ({ id, rank }))).toEqual([{ id: kept, rank: 0 }]);
    // The photos beside the kept one name it as their neighbour, so a restore puts them back around it.
    const [before, after] = await Promise.all(
      [999, 1001].map((rank) => db.image.findFirstOrThrow({ where: { albumId, trashedRank: rank } })),
    );
    expect(before?.trashedBeforeId).toBe(kept);
    expect(after?.trashedAfterId).toBe(kept);
  });
});
