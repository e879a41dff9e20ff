import { describe, expect, it } from 'vitest';
import { emailShapeProblem, isEmailShape, normalizeEmail } from './email-shape.ts';

describe('share address check', () => {
  it('accepts name@host.tld, also with subdomains and plus tags', () => {
    expect(isEmailShape('ada@example.com')).toBe(true);
    expect(isEmailShape('ada.lovelace+albums@mail.example.co.uk')).toBe(true);
  });

  it('trims surrounding spaces before checking and sending', () => {
    expect(isEmailShape('  ada@example.com ')).toBe(true);
    expect(normalizeEmail('  ada@example.com ')).toBe('ada@example.com');
  });

  it('refuses anything without a name, a host or a top-level domain', () => {
    for (const bad of [
      '',
      '   ',
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'ada@example.',
      'ada@.com',
      'ada@example.c',
    ]) {
      expect(isEmailShape(bad), bad).toBe(false);
    }
  });

  it('refuses inner spaces and second @ signs', () => {
    expect(isEmailShape('ada love@example.com')).toBe(false);
    expect(isEmailShape('ada@home@example.com')).toBe(false);
  });

  it('says nothing about an empty field, and what is wrong with a typed one in words', () => {
    expect(emailShapeProblem('')).toBeNull();
    expect(emailShapeProblem('  ')).toBeNull();
    expect(emailShapeProblem(' ada@example.com ')).toBeNull();
    expect(emailShapeProblem('ada')).toBe('invalid email address: it needs an @, as in name@example.com');
    expect(emailShapeProblem('@example.com')).toBe('invalid email address: add the name before the @');
    expect(emailShapeProblem('ada@')).toBe(
      'invalid email address: add the domain after the @, as in example.com',
    );
    expect(emailShapeProblem('ada@example')).toMatch(/add the domain after the @/);
    expect(emailShapeProblem('ada@example.c')).toBe(
      'invalid email address: the ending after the last dot is incomplete, as in .com',
    );
    expect(emailShapeProblem('a@b@example.com')).toBe('invalid email address: it can have only one @');
    expect(emailShapeProblem('ada lovelace@example.com')).toBe(
      'invalid email address: it cannot contain spaces',
    );
  });
});
