import { describe, expect, it } from 'vitest';
import type { AppRoute } from '@ts-rest/core';
import { z } from 'zod';
import { contract } from './index.ts';
import { AlbumPatch } from './albums.ts';
import { FileNode, NodePatch, SinglePart, User } from './entities.ts';
import { ErrorBody, Text, withoutInvisible } from './common.ts';

/** Every string schema inside `schema`, with where it sits. */
function stringsIn(schema: unknown, at: string): [string, z.ZodString][] {
  if (schema instanceof z.ZodString) return [[at, schema]];
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape as Record<string, unknown>).flatMap(([k, v]) =>
      stringsIn(v, `${at}.${k}`),
    );
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return stringsIn(schema.unwrap(), at);
  if (schema instanceof z.ZodDefault) return stringsIn(schema.removeDefault(), at);
  if (schema instanceof z.ZodEffects) return stringsIn(schema.innerType(), at);
  if (schema instanceof z.ZodArray) return stringsIn(schema.element, `${at}[]`);
  if (schema instanceof z.ZodTuple)
    return (schema.items as unknown[]).flatMap((s, i) => stringsIn(s, `${at}[${i}]`));
  if (schema instanceof z.ZodRecord)
    return [...stringsIn(schema.keySchema, `${at}{key}`), ...stringsIn(schema.valueSchema, `${at}{}`)];
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion)
    return (schema.options as unknown[]).flatMap((s, i) => stringsIn(s, `${at}|${i}`));
  return [];
}

/** Every route of every area. */
const areas: Record<string, Record<string, AppRoute>> = contract;

const id = '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69';

describe('contract', () => {
  it('puts every route under /api', () => {
    const paths = Object.values(areas).flatMap((area) => Object.values(area).map((r) => r.path));
    expect(paths.length).toBeGreaterThan(40);
    for (const p of paths) expect(p.startsWith('/api/')).toBe(true);
  });

  it('declares the product calls of spec section 7 with their methods', () => {
    const routes = Object.values(areas).flatMap((area) =>
      Object.values(area).map((r) => `${r.method} ${r.path}`),
    );
    for (const call of [
      'POST /api/signup',
      'POST /api/login',
      'POST /api/logout',
      'GET /api/me',
      'POST /api/send-verification-email',
      'POST /api/password-reset-init',
      'POST /api/password-reset-submit',
      'GET /api/me/notification-types',
      'PATCH /api/me/notifications',
      'PATCH /api/me/display-name',
      'POST /api/admin/user',
      'GET /api/admin/permissions',
      'POST /api/admin/email-verification',
      'PATCH /api/admin/permissions',
      'POST /api/admin/maintenance-mode',
      'GET /api/files',
      'GET /api/files/:nodeId',
      'POST /api/files/create-directory',
      'POST /api/files/create-upload',
      'GET /api/files/signed-url/:uploadId',
      'POST /api/files/create-file',
      'DELETE /api/files/:nodeId',
      'PATCH /api/files/:nodeId',
      'POST /api/photo-albums',
      'GET /api/photo-albums',
      'GET /api/photo-albums/:photoAlbumId',
      'GET /api/photo-albums/:photoAlbumId/images',
      'POST /api/photo-albums/:photoAlbumId',
      'PATCH /api/photo-albums/:photoAlbumId',
      'DELETE /api/photo-albums/:photoAlbumId',
      'POST /api/photo-albums/:photoAlbumId/upload',
      'DELETE /api/photo-albums/:photoAlbumId/:imageId',
      'POST /api/photo-albums/signed-urls',
      'GET /api/photo-albums/:photoAlbumId/share',
      'POST /api/photo-albums/:photoAlbumId/share',
      'POST /api/photo-albums/:photoAlbumId/unshare',
      'GET /api/photo-albums/:photoAlbumId/images/:imageId/comments',
      'POST /api/photo-albums/:photoAlbumId/images/:imageId/comments',
      'PUT /api/photo-albums/:photoAlbumId/viewed',
      'PUT /api/photo-albums/:photoAlbumId/:imageId/viewed',
      'GET /api/csrf',
      'POST /api/verify-email',
      'GET /api/files/:nodeId/download',
      'DELETE /api/admin/maintenance-mode',
    ]) {
      expect(routes).toContain(call);
    }
  });

  it('accepts exactly one album change per PATCH', () => {
    expect(AlbumPatch.safeParse({ name: 'Summer' }).success).toBe(true);
    expect(AlbumPatch.safeParse({ description: '' }).success).toBe(true);
    expect(AlbumPatch.safeParse({ position: 2 }).success).toBe(true);
    expect(AlbumPatch.safeParse({ imageRank: [id, 0] }).success).toBe(true);
    expect(AlbumPatch.safeParse({ name: 'Summer', description: 'x' }).success).toBe(false);
    expect(AlbumPatch.safeParse({}).success).toBe(false);
    expect(AlbumPatch.safeParse({ position: -1 }).success).toBe(false);
    expect(AlbumPatch.safeParse({ imageRank: [id] }).success).toBe(false);
    expect(AlbumPatch.safeParse({ name: '   ' }).success).toBe(false);
  });

  it('keeps the tagged unions as {tag, contents}', () => {
    expect(SinglePart.parse({ tag: 'SinglePart', contents: id })).toEqual({
      tag: 'SinglePart',
      contents: id,
    });
    expect(NodePatch.parse({ tag: 'ChangeParent', contents: null })).toEqual({
      tag: 'ChangeParent',
      contents: null,
    });
    expect(NodePatch.parse({ tag: 'Rename', contents: ' notes.txt ' })).toEqual({
      tag: 'Rename',
      contents: 'notes.txt',
    });
    expect(NodePatch.safeParse({ tag: 'Rename', contents: 'a/b' }).success).toBe(false);
    expect(NodePatch.safeParse({ tag: 'Rename', contents: '..' }).success).toBe(false);
    expect(NodePatch.safeParse({ tag: 'Delete', contents: id }).success).toBe(false);
    expect(NodePatch.safeParse({ tag: 'ChangeParent', contents: 'not-a-uuid' }).success).toBe(false);
  });

  it('describes the current user and file nodes as the product shows them', () => {
    const user = {
      userId: id,
      emailAddress: 'ada@example.com',
      isEmailVerified: true,
      permissions: ['files'],
      displayName: 'Ada',
      disabledNotifications: [],
      maintenanceMode: false,
    };
    expect(User.parse(user)).toEqual(user);
    expect(User.safeParse({ ...user, userId: 7 }).success).toBe(false);
    expect(
      FileNode.safeParse({ nodeId: id, parentId: null, name: 'Docs', size: 0, isDirectory: true }).success,
    ).toBe(true);
    expect(
      FileNode.safeParse({ nodeId: id, parentId: null, name: 'Docs', size: -1, isDirectory: true }).success,
    ).toBe(false);
  });

  it('validates sign-up passwords of 8 to 128 characters', () => {
    const body = contract.account.signup.body;
    expect(body.safeParse({ emailAddress: 'a@b.co', password: 'x'.repeat(8) }).success).toBe(true);
    expect(body.safeParse({ emailAddress: 'a@b.co', password: 'x'.repeat(7) }).success).toBe(false);
    expect(body.safeParse({ emailAddress: 'a@b.co', password: 'x'.repeat(129) }).success).toBe(false);
    expect(body.safeParse({ emailAddress: 'not an address', password: 'x'.repeat(8) }).success).toBe(false);
  });

  it('refuses NUL and other control characters in every string a caller sends', () => {
    const routes = Object.entries(contract).flatMap(([area, routes]) =>
      Object.entries(routes as Record<string, AppRoute>).map(([name, r]) => [`${area}.${name}`, r] as const),
    );
    const fields = routes.flatMap(([name, r]) => [
      ...stringsIn('body' in r ? r.body : undefined, `${name} body`),
      ...stringsIn(r.pathParams, `${name} params`),
      ...stringsIn(r.query, `${name} query`),
    ]);
    expect(fields.length).toBeGreaterThan(25);
    for (const [at, field] of fields) {
      for (const bad of ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u0085b', 'a\u007fb']) {
        expect(field.safeParse(bad).success, `${at} took ${JSON.stringify(bad)}`).toBe(false);
      }
    }
  });

  it("words every check on a string a caller sends, so zod's default texts never reach a person", () => {
    const routes = Object.values(contract).flatMap((routes) =>
      Object.values(routes as Record<string, AppRoute>),
    );
    const fields = routes.flatMap((r) => [
      ...stringsIn('body' in r ? r.body : undefined, `${r.path} body`),
      ...stringsIn(r.pathParams, `${r.path} params`),
      ...stringsIn(r.query, `${r.path} query`),
    ]);
    const unworded = fields.flatMap(([at, field]) =>
      field._def.checks
        .filter((check) => !['trim', 'toLowerCase', 'toUpperCase'].includes(check.kind))
        .filter((check) => !('message' in check) || !check.message)
        .map((check) => `${at}: ${check.kind}`),
    );
    expect(unworded).toEqual([]);
    const short = contract.account.signup.body.safeParse({ emailAddress: 'a@b.co', password: 'short' });
    expect(short.error?.issues.map((i) => i.message)).toEqual(['At least 8 characters']);
  });

  it('keeps tabs and line breaks only in text of several lines', () => {
    expect(Text({ multiLine: true }).safeParse('line one\r\n\tline two').success).toBe(true);
    expect(Text({ multiLine: true }).safeParse('nul\u0000').success).toBe(false);
    expect(Text().safeParse('one\nline').success).toBe(false);
    expect(AlbumPatch.safeParse({ description: 'a\nb' }).success).toBe(true);
    expect(AlbumPatch.safeParse({ name: 'a\nb' }).success).toBe(false);
    expect(contract.albums.addComment.body.safeParse({ comment: 'Nice!\n\tReally.' }).success).toBe(true);
  });

  it('drops bidi controls and zero-width characters from shown names, and refuses them in file names', () => {
    expect(withoutInvisible('\u202etxt.exe')).toBe('txt.exe');
    expect(withoutInvisible('a\u200bb\u2066c\u2069\u200e\u061c\ufeff')).toBe('abc');
    // Joiners inside emoji sequences are part of the emoji; elsewhere they are invisible.
    expect(withoutInvisible('👨‍👩‍👧 🏳️‍🌈 👍🏽‍👍')).toBe('👨‍👩‍👧 🏳️‍🌈 👍🏽‍👍');
    expect(withoutInvisible('a\u200db 👍\u200d')).toBe('ab 👍');
    expect(contract.albums.create.body.parse({ name: ' \u202eSummer ' })).toEqual({ name: 'Summer' });
    expect(contract.albums.create.body.safeParse({ name: '\u200b' }).success).toBe(false);
    expect(contract.account.updateDisplayName.body.parse({ displayName: 'A\u200fda' })).toEqual({
      displayName: 'Ada',
    });
    expect(NodePatch.safeParse({ tag: 'Rename', contents: 'photo\u202egpj.exe' }).success).toBe(false);
    expect(NodePatch.safeParse({ tag: 'Rename', contents: '👨‍👩‍👧.jpg' }).success).toBe(true);
  });

  it('has one error body for every error status', () => {
    const ok = { error: { code: 'not_found', message: 'Not Found' } };
    expect(ErrorBody.parse(ok)).toEqual(ok);
    expect(ErrorBody.safeParse({ error: { code: 'teapot', message: '' } }).success).toBe(false);
    expect(contract.albums.get.responses[404]).toBe(ErrorBody);
  });
});
