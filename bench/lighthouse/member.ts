/** A cookie jar of one site: the newest value of each cookie wins. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  get(name: string): string {
    return this.cookies.get(name) ?? '';
  }
  header(): string {
    return this.list()
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }
  list(): Cookie[] {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }
}

export interface Cookie {
  name: string;
  value: string;
}

/**
 * Signs a member up through the API (the first account of a fresh site), gives them three albums, and answers
 * the cookies of their session, so Lighthouse can open their album list.
 */
export async function memberCookies(baseUrl: string): Promise<Cookie[]> {
  const jar = new Jar();
  jar.take(await fetch(`${baseUrl}/api/csrf`));
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')),
        cookie: jar.header(),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    jar.take(res);
  };
  await post('/signup', { emailAddress: 'bench@example.com', password: 'a bench passphrase' });
  for (const name of ['Summer by the sea', 'Grandma turns 90', 'First snow'])
    await post('/photo-albums', { name });
  return jar.list();
}

/**
 * Runs `measure` with `cookies` in the browser's own jar (Chromium's DevTools protocol, on its
 * browser target), and empties the jar afterwards. A Cookie request header alone is not enough: the web app reads
 * `document.cookie` (the member cookie) to know someone is logged in, and without it shows Log in.
 */
export async function withBrowserCookies<T>(
  debugPort: number,
  baseUrl: string,
  cookies: Cookie[],
  measure: () => Promise<T>,
): Promise<T> {
  await browserCommand(debugPort, 'Storage.setCookies', {
    cookies: cookies.map((cookie) => ({ ...cookie, url: baseUrl })),
  });
  try {
    return await measure();
  } finally {
    await browserCommand(debugPort, 'Storage.clearCookies', {});
  }
}

/** One DevTools protocol command sent to the browser target. */
async function browserCommand(debugPort: number, method: string, params: object): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${debugPort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.onmessage = (event) => {
        const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (answer.id !== 1) return;
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
        else resolve();
      };
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}
