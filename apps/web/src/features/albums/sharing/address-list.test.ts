import { describe, expect, it } from 'vitest';
import { addressProblems, splitAddresses } from './address-list.ts';

describe('the addresses typed into Share with', () => {
  it('splits at commas, semicolons, spaces and new lines, ignoring empty pieces', () => {
    expect(
      splitAddresses(' ann@example.com,bob@example.com;\n cy@example.com  ,, \r\ndee@example.com '),
    ).toEqual(['ann@example.com', 'bob@example.com', 'cy@example.com', 'dee@example.com']);
    expect(splitAddresses(' \n, ')).toEqual([]);
  });

  it('keeps each address once, whatever its case', () => {
    expect(splitAddresses('Ann@Example.com ann@example.com bob@example.com')).toEqual([
      'Ann@Example.com',
      'bob@example.com',
    ]);
  });

  it('says what is wrong with a single address in the words of the shape check', () => {
    expect(addressProblems('grandma')).toEqual([
      'invalid email address: it needs an @, as in name@example.com',
    ]);
    expect(addressProblems('ann@example.com')).toEqual([]);
    expect(addressProblems('')).toEqual([]);
  });

  it('names the address each problem is about when there are several', () => {
    expect(addressProblems('ann@example.com, grandma, bob@example')).toEqual([
      'grandma: invalid email address: it needs an @, as in name@example.com',
      'bob@example: invalid email address: add the domain after the @, as in example.com',
    ]);
  });
});
