import { describe, expect, it } from 'vitest';
import { isEmailShape, normalizeEmail } from './email-shape.ts';

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
});
