import { contract } from '@site/contract';
import { isAppRoute, isAppRouteOtherResponse, type AppRoute, type AppRouter } from '@ts-rest/core';
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

function routesOf(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((r) => (isAppRoute(r) ? [r] : routesOf(r)));
}

/**
 * @ts-rest/open-api leaves answers that are not JSON (zip downloads) without a body; they get their media type
 * and description here.
 */
function describeOtherResponses(paths: Record<string, Record<string, { responses: JsonObject }>>) {
  for (const route of routesOf(contract)) {
    for (const [status, response] of Object.entries(route.responses)) {
      if (!isAppRouteOtherResponse(response)) continue;
      const operation = paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) continue;
      operation.responses[status] = {
        description: (response.body as { description?: string }).description ?? status,
        content: { [response.contentType]: { schema: { type: 'string', format: 'binary' } } },
      };
    }
  }
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
          '(`__Host-XSRF-TOKEN` over HTTPS), which every answer sets for the session as it stands: log in ' +
          'and log out renew it, and `GET /api/csrf` also answers it. Sessions travel in an httpOnly cookie ' +
          'set by `POST /api/login`.',
      },
    },
    { setOperationId: 'concatenated-path' },
  ) as unknown as JsonObject;
  describeOtherResponses(generated.paths as Parameters<typeof describeOtherResponses>[0]);
  return { ...(toJsonSchema2020(generated) as JsonObject), openapi: '3.1.0' };
}
