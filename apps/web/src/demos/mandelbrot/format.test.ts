import { describe, expect, it } from 'vitest';
import { centreText, readableDecimal } from './format.ts';
import { viewFromDecimals } from './view.ts';

const T = '\u2009';

describe('readable centre', () => {
  it('writes up to 20 places as they are', () => {
    expect(readableDecimal('-0.600000')).toEqual({ short: '−0.600000', full: '−0.600000', shortened: false });
    expect(readableDecimal('0.00000000000000000001')).toMatchObject({ short: '0.00000000000000000001' });
  });

  it('drops trailing zeros and groups digits in fives past 20 places', () => {
    expect(readableDecimal(`-0.75${'0'.repeat(40)}`).full).toBe('−0.75');
    expect(readableDecimal(`0.1234567890123${'0'.repeat(20)}`).full).toBe(`0.12345${T}67890${T}123`);
  });

  it('writes a number starting with many zeros as a power of ten', () => {
    expect(readableDecimal(`-0.${'0'.repeat(999)}3${'0'.repeat(3)}`).full).toBe('−3 × 10⁻¹⁰⁰⁰');
    expect(readableDecimal(`0.0000${'12345'.repeat(3)}00`).full).toBe(`1.23451${T}23451${T}2345 × 10⁻⁵`);
  });

  it('shortens a long coordinate to its first 20 places and keeps every digit in the full form', () => {
    const digits = '74364388703715870475219150611477'.repeat(32);
    const read = readableDecimal(`-0.${digits}`);
    expect(read.shortened).toBe(true);
    expect(read.short).toBe(`−0.74364${T}38870${T}37158${T}70475…`);
    expect(read.full.replaceAll(T, '')).toBe(`−0.${digits}`);
  });

  it('shows a 1e-1000 view in a few readable words, all its digits one step away', () => {
    const digits = '74364388703715870475219150611477'.repeat(32);
    const view = viewFromDecimals(`-0.${digits}`, `0.13182590420531197049`, '4.25e-1000');
    const centre = centreText(view);
    expect(centre.digits).toBe(1001);
    expect(centre.short).toBe(`−0.74364${T}38870${T}37158${T}70475… + 0.13182${T}59042${T}05311${T}97049i`);
    expect(centre.shortened).toBe(true);
    const [re, im] = centre.full.split('\n');
    expect(re?.replaceAll(T, '')).toBe(`−0.${digits.slice(0, 1001).replace(/0+$/, '')}`);
    expect(im).toBe(`+ 0.13182${T}59042${T}05311${T}97049i`);
    // The short form stays short whatever the depth.
    expect(centre.short.length).toBeLessThan(80);
  });
});
