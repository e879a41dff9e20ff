import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';

/** One thing to close once requests have drained; closers run one after another, in list order. */
export interface Closer {
  name: string;
  close(): Promise<void> | void;
}

const elapsed = (since: number) => Math.round(performance.now() - since);

/**
 * Graceful shutdown on SIGTERM and SIGINT: stop accepting connections, report not-ready (`draining`), let
 * in-flight requests finish (long uploads and downloads too) for up to `timeoutMs`, close keep-alive
 * connections as they fall idle, then run the closers in order and exit 0. A second signal exits at once.
 */
export class GracefulShutdown {
  private startedAt: number | undefined;

  constructor(
    private readonly options: {
      logger: Logger;
      timeoutMs: number;
      exit?: (code: number) => void;
    },
  ) {}

  /** True from the first signal on. */
  get draining(): boolean {
    return this.startedAt !== undefined;
  }

  /** Watches `server` and the process's signals; `closers` run after the requests, in order. */
  install(server: Server, closers: Closer[]): void {
    let inFlight = 0;
    server.on('request', (_req, res) => {
      inFlight++;
      // Answers given while draining end their connection, so a client's next request finds another server.
      if (this.draining && !res.headersSent) res.setHeader('Connection', 'close');
      res.on('close', () => {
        inFlight--;
        // A keep-alive connection whose request just finished is idle now: close it rather than wait for it.
        if (this.draining) server.closeIdleConnections();
      });
    });
    const onSignal = (signal: NodeJS.Signals) => void this.shutDown(signal, server, closers, () => inFlight);
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  }

  private async shutDown(signal: string, server: Server, closers: Closer[], inFlight: () => number) {
    const { logger, timeoutMs } = this.options;
    const exit = this.options.exit ?? ((code: number) => process.exit(code));
    if (this.startedAt !== undefined) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      return exit(130);
    }
    const start = (this.startedAt = performance.now());
    // close() stops listening and closes idle keep-alive connections; its callback waits for the busy ones. It
    // comes before the log line, so whoever reads the line finds the port already closed.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    logger.info(
      { signal, inFlight: inFlight(), timeoutMs },
      'shutting down: refusing new connections, draining',
    );
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    });
    if (await Promise.race([drained.then(() => false), timedOut])) {
      logger.warn(
        { inFlight: inFlight(), ms: elapsed(start) },
        'drain timed out: cutting the remaining requests',
      );
      server.closeAllConnections();
      await drained;
    }
    clearTimeout(timer);
    logger.info({ ms: elapsed(start) }, 'requests drained');

    let code = 0;
    for (const closer of closers) {
      const since = performance.now();
      try {
        await closer.close();
        logger.info({ ms: elapsed(since) }, `closed ${closer.name}`);
      } catch (error) {
        code = 1;
        logger.error({ err: error, ms: elapsed(since) }, `closing ${closer.name} failed`);
      }
    }
    logger.info({ ms: elapsed(start) }, 'shut down');
    exit(code);
  }
}
