import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase } from '../../../test/database.ts';
import type { Database } from '../../db/database.ts';
import {
  albumRoleSql,
  callerSql,
  may,
  mayDownloadOriginal,
  mayRemoveImage,
  rolesThatMay,
  userRowSql,
  type AlbumCaller,
  type AlbumNeed,
  type AlbumRole,
} from './album-role.ts';

const needs: AlbumNeed[] = [
  'view',
  'comment',
  'add',
  'removeOwn',
  'originalsOfOwn',
  'originals',
  'change',
  'share',
];

/** What each role may do, spelt out: the promise made to owners and to the people they share albums with. */
const allowed: Record<AlbumRole, AlbumNeed[]> = {
  owner: ['view', 'comment', 'add', 'removeOwn', 'originalsOfOwn', 'originals', 'change', 'share'],
  contributor: ['view', 'comment', 'add', 'removeOwn', 'originalsOfOwn'],
  viewer: ['view', 'comment'],
  unverified: [],
  none: [],
};

describe('what each album role may do', () => {
  const cells = (Object.keys(allowed) as AlbumRole[]).flatMap((role) =>
    needs.map((need) => ({ role, need, yes: allowed[role].includes(need) })),
  );

  for (const { role, need, yes } of cells) {
    it(`${yes ? 'lets' : 'does not let'} the ${role} role ${need}`, () => {
      expect(may(role, need)).toBe(yes);
    });
  }

  it('never lets a viewer add photos, change the album or see and change its shares', () => {
    expect(needs.filter((need) => may('viewer', need))).toEqual(['view', 'comment']);
  });

  it('never lets a contributor change the album, remove photos others added or see and change its shares', () => {
    expect(may('contributor', 'change')).toBe(false);
    expect(may('contributor', 'share')).toBe(false);
    expect(mayRemoveImage('contributor', 'me', { addedById: 'me' })).toBe(true);
    expect(mayRemoveImage('contributor', 'me', { addedById: 'someone else' })).toBe(false);
    // A photo from before contributors is the owner's.
    expect(mayRemoveImage('contributor', 'me', { addedById: null })).toBe(false);
  });

  it('lets the owner remove any photo, and a viewer none, not even one they once added as a contributor', () => {
    expect(mayRemoveImage('owner', 'me', { addedById: 'someone else' })).toBe(true);
    expect(mayRemoveImage('owner', 'me', { addedById: null })).toBe(true);
    expect(mayRemoveImage('viewer', 'me', { addedById: 'me' })).toBe(false);
  });

  it('gives originals to the owner, to a contributor for their own photos, and to viewers only when allowed', () => {
    const closed = { allowOriginals: false };
    const open = { allowOriginals: true };
    expect(mayDownloadOriginal('owner', 'me', closed, { addedById: 'someone else' })).toBe(true);
    expect(mayDownloadOriginal('contributor', 'me', closed, { addedById: 'me' })).toBe(true);
    expect(mayDownloadOriginal('contributor', 'me', closed, { addedById: 'someone else' })).toBe(false);
    expect(mayDownloadOriginal('contributor', 'me', open, { addedById: 'someone else' })).toBe(true);
    expect(mayDownloadOriginal('viewer', 'me', closed, { addedById: 'me' })).toBe(false);
    expect(mayDownloadOriginal('viewer', 'me', open, { addedById: null })).toBe(true);
    expect(mayDownloadOriginal('unverified', 'me', open, { addedById: 'me' })).toBe(false);
    expect(mayDownloadOriginal('none', 'me', open, { addedById: 'me' })).toBe(false);
  });

  it('lets a share waiting for its address to be verified, or a stranger, do nothing at all', () => {
    expect(needs.filter((need) => may('unverified', need) || may('none', need))).toEqual([]);
  });

  it('gives SQL lists exactly the roles the table allows, so a list never shows more than a single album would', () => {
    for (const need of needs) {
      expect(rolesThatMay(need).sort()).toEqual(
        (Object.keys(allowed) as AlbumRole[]).filter((role) => allowed[role].includes(need)).sort(),
      );
    }
  });
});

describe(`the album role as the database answers it (${databaseKind})`, () => {
  let database: Database;
  const people = {} as Record<
    | 'owner'
    | 'unverifiedOwner'
    | 'sharee'
    | 'unverifiedSharee'
    | 'contributor'
    | 'unverifiedContributor'
    | 'stranger',
    AlbumCaller
  >;
  const albums = {} as Record<'shared' | 'trashed' | 'ofUnverifiedOwner', string>;

  beforeAll(async () => {
    database = await freshDatabase();
    const db = database.prisma;
    const verified = new Date();
    for (const [key, emailVerifiedAt] of [
      ['owner', verified],
      ['unverifiedOwner', null],
      ['sharee', verified],
      ['unverifiedSharee', null],
      ['contributor', verified],
      ['unverifiedContributor', null],
      ['stranger', verified],
    ] as const) {
      people[key] = await db.user.create({
        data: {
          email: `${key.toLowerCase()}-${randomUUID()}@example.com`,
          passwordHash: 'x',
          emailVerifiedAt,
        },
        select: { id: true, email: true, emailVerifiedAt: true },
      });
    }
    const album = async (ownerId: string, trashedAt: Date | null = null) => {
      const { id } = await db.photoAlbum.create({ data: { ownerId, name: 'Album', rank: 0, trashedAt } });
      await db.albumShare.createMany({
        data: [people.sharee, people.unverifiedSharee].map(({ email }) => ({ albumId: id, email })),
      });
      await db.albumShare.createMany({
        data: [people.contributor, people.unverifiedContributor].map(({ email }) => ({
          albumId: id,
          email,
          role: 'CONTRIBUTOR' as const,
        })),
      });
      return id;
    };
    albums.shared = await album(people.owner.id);
    albums.trashed = await album(people.owner.id, new Date());
    albums.ofUnverifiedOwner = await album(people.unverifiedOwner.id);
  });
  afterAll(() => database.close());

  /** The role as one caller's bound values and as a "User" row's columns ask it: both must agree. */
  async function roles(person: keyof typeof people, album: keyof typeof albums) {
    const caller = people[person];
    const [bound] = await database.prisma.$queryRaw<{ role: AlbumRole }[]>`
      SELECT ${albumRoleSql(callerSql(caller))} AS role FROM "PhotoAlbum" a WHERE a.id = ${albums[album]}::uuid`;
    const [row] = await database.prisma.$queryRaw<{ role: AlbumRole }[]>`
      SELECT ${albumRoleSql(userRowSql('u'))} AS role FROM "PhotoAlbum" a, "User" u
      WHERE a.id = ${albums[album]}::uuid AND u.id = ${caller.id}::uuid`;
    return [bound!.role, row!.role];
  }

  it('makes the owner the owner, verified or not', async () => {
    expect(await roles('owner', 'shared')).toEqual(['owner', 'owner']);
    expect(await roles('unverifiedOwner', 'ofUnverifiedOwner')).toEqual(['owner', 'owner']);
  });

  it('makes a verified address the album is shared with a viewer', async () => {
    expect(await roles('sharee', 'shared')).toEqual(['viewer', 'viewer']);
  });

  it('makes a verified address the album is shared with as a contributor a contributor', async () => {
    expect(await roles('contributor', 'shared')).toEqual(['contributor', 'contributor']);
  });

  it('holds back a contributor share from an address not yet verified, like a viewer one', async () => {
    expect(await roles('unverifiedContributor', 'shared')).toEqual(['unverified', 'unverified']);
  });

  it('holds back a share from an address not yet verified (unverified), so it grants nothing until then', async () => {
    expect(await roles('unverifiedSharee', 'shared')).toEqual(['unverified', 'unverified']);
  });

  it('gives a stranger, and another owner, no role', async () => {
    expect(await roles('stranger', 'shared')).toEqual(['none', 'none']);
    expect(await roles('unverifiedOwner', 'shared')).toEqual(['none', 'none']);
  });

  it('gives no one any role on an album in the trash, its owner included', async () => {
    for (const person of ['owner', 'sharee', 'unverifiedSharee', 'contributor', 'stranger'] as const) {
      expect(await roles(person, 'trashed')).toEqual(['none', 'none']);
    }
  });
});
