import type { ImageComment } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { addLocal, commentTime, localComment, newLocalId, settle, withdraw } from './comment-merge.ts';

const imageId = '7d9f7d2e-4b8f-4f55-a0a5-0d7d6b1e1a10';
const stored = (id: string, comment: string): ImageComment => ({
  imageCommentId: id,
  imageId,
  displayName: 'Ada',
  comment,
  createdAt: '2024-03-05T10:00:00.000Z',
  modifiedAt: null,
});
const earlier = stored('00000000-0000-4000-8000-000000000001', 'first!');
const local = localComment({
  id: 'local-1',
  imageId,
  displayName: 'Ada',
  comment: 'lovely',
  now: new Date('2024-03-05T10:01:00Z'),
});
const reply = stored('00000000-0000-4000-8000-000000000002', 'lovely');

describe('optimistic comments', () => {
  it('shows the local comment at once, last, with the name, text and the current time', () => {
    const shown = addLocal([earlier], local);
    expect(shown.map((c) => c.comment)).toEqual(['first!', 'lovely']);
    expect(shown[1]).toMatchObject({
      displayName: 'Ada',
      createdAt: '2024-03-05T10:01:00.000Z',
      modifiedAt: null,
    });
  });

  it("replaces the local comment by the server's in the same place", () => {
    const shown = settle(addLocal([earlier], local), 'local-1', reply);
    expect(shown).toEqual([earlier, reply]);
  });

  it('does not show the comment twice when a reload already brought it', () => {
    const shown = settle([earlier, local, reply], 'local-1', reply);
    expect(shown).toEqual([earlier, reply]);
  });

  it('adds the stored comment when a reload dropped the local one first', () => {
    expect(settle([earlier], 'local-1', reply)).toEqual([earlier, reply]);
  });

  it('takes the local comment away when the server refuses it', () => {
    expect(withdraw(addLocal([earlier], local), 'local-1')).toEqual([earlier]);
  });
});

describe('comment time', () => {
  it('is written the en-US way', () => {
    const text = commentTime('2024-03-05T10:00:00.000Z');
    expect(text).toBe(new Date('2024-03-05T10:00:00.000Z').toLocaleString('en-US'));
    expect(text).toMatch(/^\d{1,2}\/\d{1,2}\/2024, \d{1,2}:\d{2}:\d{2}\s(AM|PM)$/);
  });
});

describe('local comment ids', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('are random version-4 UUIDs, different each time', () => {
    const a = newLocalId();
    expect(a).toMatch(uuid);
    expect(newLocalId()).not.toBe(a);
  });

  it('are made from random bytes where randomUUID is missing (plain http)', () => {
    const id = newLocalId({ getRandomValues: (array) => crypto.getRandomValues(array) });
    expect(id).toMatch(uuid);
  });
});
