import { describe, expect, it } from 'vitest';
import { bitLength, decimalToFixed, fixedToDecimal, fixedToNumber, numberToFixed } from './fixed.ts';

describe('BigInt fixed point', () => {
  it('holds every double exactly and gives it back', () => {
    for (const value of [0, 1, -0.6, 0.00425, 3.4 / 800, -1.7499999999999998, 1e-300 * 3]) {
      expect(fixedToNumber(numberToFixed(value, 1100), 1100)).toBe(value);
    }
  });

  it('keeps decimals to every digit given, far past a double', () => {
    const text = `-0.${'0'.repeat(80)}123456789012345678901234567890`;
    const x = decimalToFixed(text, 400);
    expect(fixedToDecimal(x, 400, 110)).toBe(text);
    expect(fixedToNumber(x, 400)).toBeCloseTo(-1.2345678901234567e-81, 95);
    expect(fixedToDecimal(decimalToFixed('2.5e-3', 64), 64, 6)).toBe('0.002500');
  });

  it('rounds to the digits asked for and never prints minus zero', () => {
    expect(fixedToDecimal(decimalToFixed('0.1239', 64), 64, 3)).toBe('0.124');
    expect(fixedToDecimal(decimalToFixed('-0.0000001', 64), 64, 3)).toBe('0.000');
  });

  it('rejects text that is not a decimal', () => {
    expect(() => decimalToFixed('0.5i', 64)).toThrow(RangeError);
    expect(() => decimalToFixed('', 64)).toThrow(RangeError);
  });

  it('counts bits', () => {
    expect(bitLength(0n)).toBe(0);
    expect(bitLength(1n)).toBe(1);
    expect(bitLength(-255n)).toBe(8);
    expect(bitLength(1n << 300n)).toBe(301);
  });
});
