import fc from 'fast-check';
import { z } from 'zod';

/** Strings that have broken servers: NUL and other controls, prototype keys, markup, odd Unicode, 1 MB. */
export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'name\u0000.txt',
  '\u0007\u001b[31m',
  'line\r\nbreak',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\ud800',
  '\u202e\u0000',
  'x'.repeat(300),
  'x'.repeat(1024 * 1024),
];

/** Hostile values of any JSON type, for where a schema wants something else. */
const hostileValues = fc.constantFrom<unknown>(
  null,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER,
  1e308,
  true,
  [],
  {},
  { __proto__: null, constructor: { prototype: {} } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  '\u0000',
);

/** JSON nested `depth` levels deep in objects and arrays. */
export const deeplyNestedJson = (depth: number): string =>
  '{"a":['.repeat(depth) + '"deep"' + ']}'.repeat(depth);

/**
 * Values for `schema`: mostly of its shape, with hostile strings and prototype keys mixed in, and now and then a
 * value of the wrong type. Covers the zod kinds the contract uses.
 */
export function arbitraryFor(schema: z.ZodTypeAny): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: shaped(schema) }, { weight: 1, arbitrary: hostileValues });
}

function shaped(schema: z.ZodTypeAny): fc.Arbitrary<unknown> {
  if (schema instanceof z.ZodString) {
    // A string held to a pattern (a content hash) is seldom met by chance: some values are made to match it.
    const patterns = schema._def.checks.flatMap((check) => (check.kind === 'regex' ? [check.regex] : []));
    return fc.oneof(
      ...patterns.map((pattern) => fc.stringMatching(pattern)),
      fc.string({ maxLength: 40 }),
      fc.uuid(),
      fc.emailAddress(),
      fc.constantFrom(...hostileStrings),
    );
  }
  if (schema instanceof z.ZodNumber)
    return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodLiteral) return fc.constant(schema.value);
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...(schema.options as unknown[]));
  if (schema instanceof z.ZodOptional) return fc.option(arbitraryFor(schema.unwrap()), { nil: undefined });
  if (schema instanceof z.ZodNullable) return fc.option(arbitraryFor(schema.unwrap()), { nil: null });
  if (schema instanceof z.ZodDefault)
    return fc.option(arbitraryFor(schema.removeDefault()), { nil: undefined });
  if (schema instanceof z.ZodEffects) return arbitraryFor(schema.innerType());
  if (schema instanceof z.ZodArray) return fc.array(arbitraryFor(schema.element), { maxLength: 4 });
  if (schema instanceof z.ZodTuple)
    return fc.tuple(...schema.items.map((s: z.ZodTypeAny) => arbitraryFor(s)));
  if (schema instanceof z.ZodRecord) {
    return fc.dictionary(
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...hostileStrings.slice(0, 14))),
      arbitraryFor(schema.valueSchema),
      { maxKeys: 4 },
    );
  }
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    return fc.oneof(...(schema.options as z.ZodTypeAny[]).map((s) => arbitraryFor(s)));
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const model = Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, arbitraryFor(s)]));
    const fields = fc.oneof(fc.record(model), fc.record(model, { requiredKeys: [] }));
    const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra'), hostileValues, {
      maxKeys: 2,
    });
    return fc.tuple(fields, extra).map(([f, e]) => ({ ...e, ...f }));
  }
  return fc.anything();
}
