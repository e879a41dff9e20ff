import { useState } from 'react';

/** What a form knows about each of its fields: the value now and what is wrong with it (null: nothing). */
type Fields<K extends string> = Record<K, { value: string; problem: string | null }>;

/**
 * When a form shows what is wrong with a field, in words by the field. Never on a field the person has not typed
 * in; once they have left it (or tried to submit), and from then on as they type, so the words go as soon as the
 * value is right. Fields named in `asTyped` speak up from the first character (a retyped password that differs).
 * A refusal the server gave for a field (`refuse`) stays by it until its value changes.
 */
export function useFieldErrors<K extends string>(fields: Fields<K>, asTyped: readonly NoInfer<K>[] = []) {
  const [left, setLeft] = useState<ReadonlySet<K>>(new Set());
  const [refused, setRefused] = useState<Partial<Record<K, { value: string; message: string }>>>({});
  const keys = Object.keys(fields) as K[];

  const errorOf = (key: K): string | null => {
    const { value, problem } = fields[key];
    const refusal = refused[key];
    if (refusal && refusal.value === value) return refusal.message;
    const touched = left.has(key) || (asTyped.includes(key) && value !== '');
    return touched ? problem : null;
  };

  return {
    /** The words to show by field `key`, or null. */
    errorOf,
    /** Spread on the field's input: leaving a field it was typed in lets its problem show. */
    track: (key: K) => ({
      onBlur: () => {
        if (fields[key].value !== '') setLeft((before) => new Set(before).add(key));
      },
    }),
    /** On submit: every field may now show its problem; answers whether none has one. */
    check: (): boolean => {
      setLeft(new Set(keys));
      return keys.every((key) => fields[key].problem === null && refused[key]?.value !== fields[key].value);
    },
    /** Shows the server's refusal `message` by field `key` until the person changes it. */
    refuse: (key: K, message: string) =>
      setRefused((before) => ({ ...before, [key]: { value: fields[key].value, message } })),
  };
}
