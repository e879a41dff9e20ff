import { describe, expect, it } from 'vitest';
import { failureOf } from '../../api/failure.ts';
import { reasonOf } from './reason.ts';

const answer = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

describe('why an upload failed', () => {
  it("shows the server's words when storage is full, and offers Retry for after room was made", () => {
    const message = 'This needs 5 MiB but you have 1 MiB left of your 4 MiB of storage.';
    expect(reasonOf(failureOf(answer(413, 'quota_exceeded', message)))).toEqual({
      reason: message,
      canRetry: true,
    });
  });

  it('offers no Retry for a file larger than any upload may be', () => {
    expect(reasonOf(failureOf(answer(413, 'too_large', 'A file may be at most 10 GiB')))).toEqual({
      reason: 'A file may be at most 10 GiB',
      canRetry: false,
    });
  });
});

describe('why an upload failed on a full disk', () => {
  it('says the server cannot store files now, and offers Retry', () => {
    expect(reasonOf(failureOf(answer(507, 'disk_full', "The server's disk is full")))).toEqual({
      reason: 'The server cannot store files right now. Retry in a moment.',
      canRetry: true,
    });
  });
});
