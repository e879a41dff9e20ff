import { Prisma } from '../../db/generated/client.ts';

/**
 * Whether blob `key` is one of image row `i`'s files that whoever may view the album fetches: its JPEGs (image,
 * rendition, thumbnail), or a video item's video, which has no other rendition to play (its named download as the
 * original still follows the originals rules). A video kept without a poster has no JPEGs: its id names no file.
 */
export const viewableBlobSql = (key: Prisma.Sql) => Prisma.sql`(
  (i.id = ${key} AND i."thumbnailId" IS NOT NULL) OR i."thumbnailId" = ${key} OR i."renditionId" = ${key}
  OR (i."originalId" = ${key} AND i."durationMs" IS NOT NULL))`;

/** The type blob `key` of row `i` is served as (one that `viewableBlobSql` lets through). */
export const viewableBlobTypeSql = (key: Prisma.Sql) =>
  Prisma.sql`CASE WHEN i."originalId" = ${key} THEN i."originalType" ELSE 'image/jpeg' END`;
