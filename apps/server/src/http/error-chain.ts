/**
 * `error` and what lies under it, outermost first: each `cause`, and where Prisma keeps its driver's error
 * instead (`meta.driverAdapterError`, whose own cause carries the database's code or the adapter's `kind`).
 * A few levels at most, so a cycle cannot hang a caller.
 */
export function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const layer = e as Record<string, unknown> & { meta?: { driverAdapterError?: unknown } };
    yield layer;
    e = layer.cause ?? layer.meta?.driverAdapterError;
  }
}
