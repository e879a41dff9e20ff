import net from 'node:net';

/**
 * A TCP proxy to `target` that a test can cut (open connections destroyed, new ones refused) and restore on the
 * same port: a database outage without touching the shared database server.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | null = null;
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
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Destroys every open connection and refuses new ones until `restore`. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
