import { contract } from '@site/contract';
import { generateOpenApi } from '@ts-rest/open-api';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/**
 * Rewrites the OpenAPI 3.0 schema dialect that @ts-rest/open-api emits into 3.1's (plain JSON Schema 2020-12):
 * `nullable: true` becomes a `null` type, boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers, and
 * `example` becomes `examples`.
 */
function toJsonSchema2020(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema2020);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = toJsonSchema2020(value);
  for (const bound of ['Minimum', 'Maximum'] as const) {
    const flag = `exclusive${bound}`;
    const limit = bound.toLowerCase();
    if (out[flag] === true) {
      out[flag] = out[limit] ?? null;
      delete out[limit];
    } else if (out[flag] === false) delete out[flag];
  }
  if ('example' in out && !('$ref' in out)) {
    out.examples = [out.example ?? null];
    delete out.example;
  }
  if (out.nullable === undefined) return out;
  const nullable = out.nullable === true;
  delete out.nullable;
  if (!nullable) return out;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

/** The whole /api as an OpenAPI 3.1 document, generated from the ts-rest contract (the only source). */
export function buildOpenApiDocument(): JsonObject {
  const generated = generateOpenApi(
    contract,
    {
      info: {
        title: 'Personal Site API',
        version: '1',
        description:
          'Every non-GET request needs the `X-XSRF-TOKEN` header echoing the `XSRF-TOKEN` cookie ' +
          '(`GET /api/csrf` sets it). Sessions travel in an httpOnly cookie set by `POST /api/login`.',
      },
    },
    { setOperationId: 'concatenated-path' },
  ) as unknown as JsonObject;
  return { ...(toJsonSchema2020(generated) as JsonObject), openapi: '3.1.0' };
}
