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
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs a member up through the API (the first account of a fresh site), gives them three albums, and answers
 * the Cookie header of their session, so Lighthouse can open their album list.
 */
export async function memberCookie(baseUrl: string): Promise<string> {
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
  return jar.header();
}
