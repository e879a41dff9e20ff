import { generateSchema } from '@anatine/zod-openapi';
import { isAppRoute, type AppRouter } from '@ts-rest/core';
import { ZodTuple, ZodType, type ZodTypeAny } from 'zod';

/** The zod schemas directly inside `def` (an object's shape, a union's options, a tuple's items, …). */
function childrenOf(def: unknown): ZodTypeAny[] {
  if (def instanceof ZodType) return [def as ZodTypeAny];
  if (Array.isArray(def)) return def.flatMap(childrenOf);
  if (def && typeof def === 'object' && Object.getPrototypeOf(def) === Object.prototype)
    return Object.values(def).flatMap(childrenOf);
  return [];
}

/**
 * The OpenAPI generator (@anatine/zod-openapi) writes a tuple as `{}`: an upload's `[id, url]` answer lost its
 * shape. Each tuple in the contract is given its schema (JSON Schema's `prefixItems`) as the generator's own
 * metadata, which it takes in place of what it would write.
 */
export function describeTuples(router: AppRouter) {
  const seen = new Set<ZodTypeAny>();
  const visit = (schema: ZodTypeAny) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = schema._def as Record<string, unknown>;
    const { shape } = def as { shape?: () => unknown };
    childrenOf({ ...def, shape: typeof shape === 'function' ? shape() : shape }).forEach(visit);
    if (!(schema instanceof ZodTuple)) return;
    const items = schema.items as ZodTypeAny[];
    Object.assign(schema, {
      metaOpenApi: {
        type: 'array',
        // Its types name openapi3-ts 3's, which the generator's own dependency (2.x) lacks.
        prefixItems: items.map((item) => generateSchema(item) as unknown),
        minItems: items.length,
        maxItems: items.length,
      },
    });
  };
  const routes = (r: AppRouter): unknown[] =>
    Object.values(r).flatMap((x) => (isAppRoute(x) ? [x] : routes(x)));
  for (const route of routes(router)) childrenOf(route).forEach(visit);
}
