/**
 * tsr caches a query's whole answer (status, body, headers); the screens only know bodies. These write a body the
 * server answered elsewhere (a mutation's answer, an optimistic change) into such a cached answer.
 */

/** A success answer holding `body`, as tsr caches one. */
export const okAnswer = <B>(body: B) => ({ status: 200 as const, body, headers: new Headers() });

/** An updater for `setQueryData` that changes the cached body; no cached answer stays none. */
export const changeBody =
  <A extends { body: unknown }>(update: (body: A['body']) => A['body']) =>
  (answer: A | undefined): A | undefined =>
    answer && { ...answer, body: update(answer.body) };
