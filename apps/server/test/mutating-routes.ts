import { contract } from '@site/contract';
import { z } from 'zod';

/** Every route of the contract that changes something (any method but GET), read from the contract itself. */
export const mutatingRoutes = Object.entries(contract).flatMap(([area, routes]) =>
  Object.entries(routes)
    .filter(([, route]) => route.method !== 'GET')
    .map(([name, route]) => ({
      key: `${area}.${name}`,
      method: route.method.toLowerCase() as 'post' | 'patch' | 'put' | 'delete',
      path: route.path,
      // Routes without a body declare ts-rest's noBody marker rather than a schema.
      body: 'body' in route && route.body instanceof z.ZodType ? route.body : undefined,
    })),
);
