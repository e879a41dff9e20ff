import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Everything /metrics exposes. One per process: counters outlive any single app instance. */
export const registry = new Registry();

let processMetricsOn = false;
/** Node's own figures (CPU, memory, event loop lag, handles); started only when metrics are switched on. */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: registry });
}

/** Requests answered, by method, route template (never the raw URL) and status. */
export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

/** Time from the request's arrival to the last byte of its answer, for API calls and pages. */
export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency in seconds, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/**
 * The same for transfers (blob uploads and downloads, zips), which last as long as their bytes do: in the API's
 * histogram they would hide its latency behind minutes-long downloads.
 */
export const transferDuration = new Histogram({
  name: 'http_transfer_duration_seconds',
  help: 'Duration of blob uploads, downloads and zips in seconds, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 1800, 7200],
  registers: [registry],
});

/** Requests that failed because the database did (outages, timeouts, driver errors), by Prisma error class
 * (`unreachable` for the driver's own failures to reach the database). */
export const databaseErrors = new Counter({
  name: 'database_errors_total',
  help: 'Requests that failed with a database error, by error kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});
for (const kind of [
  'PrismaClientKnownRequestError',
  'PrismaClientUnknownRequestError',
  'PrismaClientInitializationError',
  'DriverAdapterError',
  'unreachable',
])
  databaseErrors.inc({ kind }, 0);

/** Which build this process runs: always 1, its labels say what (Prometheus' build_info convention). */
export const buildInfo = new Gauge({
  name: 'site_build_info',
  help: 'The build this process runs: its commit and Node.js version',
  labelNames: ['commit', 'nodejs'] as const,
  registers: [registry],
});
buildInfo.set({ commit: process.env.COMMIT_HASH || 'unknown', nodejs: process.version }, 1);

/** A gauge read when /metrics is scraped: one value, or one value per label set. */
export interface GaugeSource {
  name: string;
  help: string;
  labelNames?: readonly string[];
  collect: () => Promise<number | { labels: Record<string, string>; value: number }[]>;
}

/**
 * Registers a gauge whose value is computed at scrape time, e.g. the job queue's depth by state:
 *   registerGauge({ name: 'jobs', help: 'Jobs by state', labelNames: ['state'],
 *     collect: async () => (await db.job.groupBy({ by: ['state'], _count: true }))
 *       .map((g) => ({ labels: { state: g.state }, value: g._count })) });
 * Registering a name again replaces the earlier gauge. A collect that fails (the database is down) leaves the gauge
 * without samples for that scrape, so /metrics still answers with everything else: an outage is when the other
 * figures matter most.
 */
export function registerGauge(source: GaugeSource): void {
  registry.removeSingleMetric(source.name);
  new Gauge({
    name: source.name,
    help: source.help,
    labelNames: source.labelNames ?? [],
    registers: [registry],
    async collect() {
      const value = await source.collect().catch(() => null);
      this.reset();
      if (typeof value === 'number') this.set(value);
      else for (const v of value ?? []) this.set(v.labels, v.value);
    },
  });
}
