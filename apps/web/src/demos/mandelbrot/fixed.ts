/**
 * Binary fixed-point numbers on BigInt: a value is `x / 2^bits`. The view's
 * centre and pixel size live in this form so that zooming never rounds them to
 * doubles, whatever the depth.
 */

/** The value of the fixed-point number `x / 2^bits` as the nearest double (0 below its range). */
export function fixedToNumber(x: bigint, bits: number): number {
  const drop = Math.max(0, bitLength(x) - 64);
  const mantissa = Number(drop > 0 ? x >> BigInt(drop) : x);
  // Two steps so that 2^(drop - bits) cannot underflow on its own when the result is still in range.
  const exponent = drop - bits;
  const half = Math.trunc(exponent / 2);
  return mantissa * 2 ** half * 2 ** (exponent - half);
}

/** A double as a fixed-point number with `bits` fraction bits (exact when `bits` is large enough). */
export function numberToFixed(value: number, bits: number): bigint {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  if (value === 0) return 0n;
  // Every double is m·2^e with an integer m of at most 53 bits.
  let e = Math.floor(Math.log2(Math.abs(value))) - 52;
  let m = value / 2 ** e;
  while (!Number.isInteger(m)) {
    e -= 1;
    m = value / 2 ** e;
  }
  const shift = e + bits;
  const big = BigInt(m);
  return shift >= 0 ? big << BigInt(shift) : big >> BigInt(-shift);
}

/** Parses a decimal like `-0.7436438870371587047` into a fixed-point number with `bits` fraction bits. */
export function decimalToFixed(text: string, bits: number): bigint {
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?\s*$/i.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`not a decimal: ${text}`);
  const digits = `${match[2] ?? ''}${match[3] ?? ''}`;
  const exponent = Number(match[4] ?? 0) - (match[3] ?? '').length;
  let value: bigint;
  if (exponent >= 0) value = (BigInt(digits) * 10n ** BigInt(exponent)) << BigInt(bits);
  else {
    const denominator = 10n ** BigInt(-exponent);
    value = ((BigInt(digits) << BigInt(bits)) + denominator / 2n) / denominator;
  }
  return match[1] === '-' ? -value : value;
}

/** log2 of the magnitude of a decimal like `6.8e-1002`, to a double's precision, at any exponent (−∞ for 0). */
export function decimalLog2(text: string): number {
  const match = /^\s*[+-]?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?\s*$/i.exec(text);
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const whole = match[1] ?? '';
  const digits = `${whole}${match[2] ?? ''}`;
  const first = digits.search(/[1-9]/);
  if (first < 0) return -Infinity;
  // The digits from the first non-zero one as 0.ddd…, times ten to the place of that digit.
  const lead = Number(`0.${digits.slice(first, first + 17)}`);
  return (Math.log10(lead) + whole.length - first + Number(match[3] ?? 0)) * Math.log2(10);
}

/** The fixed-point number rounded to `digits` decimal places, e.g. `-0.7436438870`. */
export function fixedToDecimal(x: bigint, bits: number, digits: number): string {
  const negative = x < 0n;
  const magnitude = negative ? -x : x;
  const scaled = (magnitude * 10n ** BigInt(digits) + (1n << BigInt(bits - 1))) >> BigInt(bits);
  const text = scaled.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  const body = digits > 0 ? `${whole}.${fraction}` : whole;
  return negative && scaled !== 0n ? `-${body}` : body;
}

/** Number of bits of |x| (0 for 0). */
export function bitLength(x: bigint): number {
  if (x === 0n) return 0;
  return (x < 0n ? -x : x).toString(16).length * 4 - leadingZeroBits(x < 0n ? -x : x);
}

function leadingZeroBits(x: bigint): number {
  const top = Number.parseInt(x.toString(16)[0] as string, 16);
  return top >= 8 ? 0 : top >= 4 ? 1 : top >= 2 ? 2 : 3;
}
