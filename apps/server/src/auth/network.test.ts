import { describe, expect, it } from 'vitest';
import { networkOf } from './network.ts';

describe('networkOf', () => {
  it('keeps only the /24 of an IPv4 address', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
  });

  it('reads an IPv4 address carried in IPv6 as IPv4', () => {
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });

  it('keeps only the /48 of an IPv6 address', () => {
    expect(networkOf('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48');
  });

  it('answers nothing for a missing or unreadable address', () => {
    expect(networkOf(undefined)).toBe('');
    expect(networkOf('unknown')).toBe('');
  });
});
