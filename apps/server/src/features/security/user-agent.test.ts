import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.ts';

describe('describeUserAgent', () => {
  it('names a desktop browser and its system with major versions only', () => {
    const ua =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36';
    expect(describeUserAgent(ua)).toEqual({ browser: 'Chrome 131', system: 'Windows 10' });
  });

  it('names a phone browser and its system', () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(describeUserAgent(ua)).toEqual({ browser: 'Mobile Safari 17', system: 'iOS 17' });
  });

  it('says unknown for a header it cannot read', () => {
    expect(describeUserAgent('')).toEqual({ browser: 'Unknown browser', system: 'Unknown system' });
  });
});
