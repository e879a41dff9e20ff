import { contract, nextPageHeader, previousPageHeader } from '@site/contract';
import { isAppRoute, isAppRouteOtherResponse, type AppRoute, type AppRouter } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { describeTuples } from './tuples.ts';

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
  // Both bounds on one side (an integer's and a positive number's): only the stricter says anything.
  for (const [bound, exclusive, stricter] of [
    ['minimum', 'exclusiveMinimum', (a: number, b: number) => a >= b],
    ['maximum', 'exclusiveMaximum', (a: number, b: number) => a <= b],
  ] as const) {
    const [inclusive, strict] = [out[bound], out[exclusive]];
    if (typeof inclusive !== 'number' || typeof strict !== 'number') continue;
    delete out[stricter(strict, inclusive) ? bound : exclusive];
  }
  // A discriminator selects among named schemas only; the generator writes the union's members inline.
  if (Array.isArray(out.oneOf) && out.oneOf.some((member) => !(member as JsonObject)?.$ref))
    delete out.discriminator;
  if ('example' in out && !('$ref' in out)) {
    out.examples = [out.example ?? null];
    delete out.example;
  }
  if (out.nullable === undefined) return out;
  const nullable = out.nullable === true;
  delete out.nullable;
  if (!nullable) return out;
  // A schema that takes any value takes null too (a browser API's options, checked only as an object).
  if (Object.keys(out).every((key) => key === 'description')) return out;
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

const errorHeaders: Record<string, JsonObject> = {
  '429': {
    'Retry-After': { description: 'Seconds until another attempt may succeed', schema: { type: 'integer' } },
  },
  '503': {
    'Retry-After': {
      description: 'Seconds until the server expects to be back',
      schema: { type: 'integer' },
    },
  },
};

/**
 * What the contract says only in words: who may call (the session cookie, and the CSRF header on every change),
 * and the headers some answers carry. Which errors each operation gives the contract says (`errors(...)`).
 */
function describeOperation(
  route: AppRoute,
  generated: object,
): { responses: JsonObject; security: JsonObject[] } {
  const read = route.method === 'GET';
  const responses = { ...(generated as Record<string, JsonObject>) };
  for (const [status, headers] of Object.entries(errorHeaders))
    if (responses[status]) responses[status] = { ...responses[status], headers };
  const query = route.query as { shape?: Record<string, unknown> } | null | undefined;
  if (query?.shape && 'after' in query.shape && responses['200'])
    responses['200'] = {
      ...responses['200'],
      headers: {
        [nextPageHeader]: {
          description: 'Where the next page starts: pass it as `after`; absent on the last page',
          schema: { type: 'string' },
        },
        ...('before' in query.shape && {
          [previousPageHeader]: {
            description:
              'Where the page before starts (on a page read `around` or `before`): pass it as `before`; absent on' +
              ' the first page',
            schema: { type: 'string' },
          },
        }),
      },
    };
  // Anyone may call a route the session does not open (logging in, the public pages' reads).
  const security: JsonObject[] = read ? [{ session: [] }, {}] : [{ session: [], csrf: [] }, { csrf: [] }];
  return { responses, security };
}

const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sid',
    description: 'The httpOnly session cookie that `POST /api/login` (or a mailed link) sets',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description: 'Echoes the `XSRF-TOKEN` cookie (`__Host-XSRF-TOKEN` over HTTPS) on every change',
  },
};

/** The whole /api as an OpenAPI 3.1 document, generated from the ts-rest contract (the only source). */
export function buildOpenApiDocument(): JsonObject {
  describeTuples(contract);
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
    {
      setOperationId: 'concatenated-path',
      operationMapper: (operation, route) =>
        Object.assign(operation, describeOperation(route, operation.responses)),
    },
  ) as unknown as JsonObject;
  generated.components = { ...(generated.components as JsonObject), securitySchemes };
  describeOtherResponses(generated.paths as Parameters<typeof describeOtherResponses>[0]);
  return { ...(toJsonSchema2020(generated) as JsonObject), openapi: '3.1.0' };
}
