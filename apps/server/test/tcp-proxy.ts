import net from 'node:net';

/**
 * A TCP proxy to `target` that a test can cut (open connections destroyed, new ones refused) and restore on the
 * same port: a database outage without touching the shared database server. It can also hold back what a client
 * sends once it contains a given text (a query naming a table), so that query is in flight when the cut comes.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | null = null;
  private holding: { text: string; held: number; wanted: number; reached: () => void } | null = null;
  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.restore();
    return proxy;
  }

  /** Accepts connections again, on the port it had. */
  async restore(): Promise<void> {
    this.holding = null;
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      let held = false;
      client.on('data', (chunk: Buffer) => {
        const holding = this.holding;
        if (holding && chunk.includes(holding.text)) {
          // Never forwarded: the query stays unanswered, and this connection says nothing more, until the cut.
          held = true;
          client.pause();
          if (++holding.held === holding.wanted) holding.reached();
        } else if (!upstream.write(chunk)) client.pause();
      });
      upstream.on('drain', () => held || client.resume());
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /**
   * From now on keeps back whatever a client sends that contains `text`; answers once `count` such sends are
   * held, each then waiting for its answer.
   */
  hold(text: string, count = 1): Promise<void> {
    return new Promise((reached) => {
      this.holding = { text, held: 0, wanted: count, reached };
    });
  }

  /**
   * Destroys every open connection and refuses new ones until `restore`. With `reset` they end with a TCP reset,
   * as when the database's host goes with bytes unread, rather than a close.
   */
  async cut({ reset = false } = {}): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) {
      if (reset) socket.resetAndDestroy();
      else socket.destroy();
    }
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
