import type { AppRoute } from '@ts-rest/core';
import { ErrorBody } from '@site/contract';
import { vi } from 'vitest';

/** One request the screen sent, as the server would have received it. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const pattern = (route: AppRoute) => new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}(\\?.*)?$`);

/**
 * A stand-in for the server at the network boundary: `fetch` answers the routes given to `on` (checked against
 * the contract, so a stub cannot answer what the server never would) and records every request; any other
 * request fails the test with a 404 the screen will show.
 */
export function stubApi() {
  const replies: { route: AppRoute; reply: (body: unknown) => Reply | Promise<Reply> }[] = [];
  const sent: SentRequest[] = [];

  const respond = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path, body });
    const match = [...replies]
      .reverse()
      .find((r) => r.route.method === method && pattern(r.route).test(path));
    if (!match)
      return Response.json(
        { error: { code: 'not_found', message: `No stub for ${method} ${path}` } },
        { status: 404 },
      );
    const reply = await match.reply(body);
    const schema = (match.route.responses as Record<number, { parse?: (body: unknown) => unknown }>)[
      reply.status
    ];
    if (reply.status >= 400 && !schema)
      throw new Error(
        `${method} ${match.route.path} cannot answer ${reply.status} (its contract lists no such error)`,
      );
    if (reply.status >= 400) ErrorBody.parse(reply.body);
    else schema?.parse?.(reply.body);
    if (reply.body === undefined) return new Response(null, { status: reply.status, headers: reply.headers });
    return Response.json(reply.body, { status: reply.status, headers: reply.headers });
  };
  vi.stubGlobal('fetch', vi.fn(respond));

  return {
    /** Every request sent so far, oldest first. */
    sent,
    /** The requests sent to one route. */
    sentTo: (route: AppRoute) => sent.filter((r) => r.method === route.method && pattern(route).test(r.path)),
    /** Answers `route` from now on (a later `on` for the same route wins). */
    on(route: AppRoute, reply: Reply | ((body: unknown) => Reply | Promise<Reply>)) {
      replies.push({ route, reply: typeof reply === 'function' ? reply : () => reply });
    },
  };
}

/** The error body every refused call carries. */
export const errorBody = (code: string, message: string) => ({ error: { code, message } });
