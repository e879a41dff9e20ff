import { describe, expect, it } from 'vitest';
import { ApiFailure } from './failure.ts';
import { failureText } from './messages.ts';

describe('failureText', () => {
  it("passes on the server's sentence for a clash, which trying again cannot mend", () => {
    const clash = new ApiFailure('conflict', true, 'conflict', 'This photo is in “Summer” already.');
    expect(failureText('restore the photo', clash)).toBe(
      'Could not restore the photo: This photo is in “Summer” already.',
    );
  });

  it('asks to try again when nothing better is known', () => {
    expect(failureText('restore the photo', new ApiFailure('conflict', true))).toBe(
      'Could not restore the photo. Please try again.',
    );
    expect(failureText('restore the photo', new Error('boom'))).toBe(
      'Could not restore the photo. Please try again.',
    );
  });
});
