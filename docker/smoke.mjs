// Smoke test of a running site, as a visitor would use it: ready, sign up, upload a file, download it.
// Usage: node docker/smoke.mjs [base URL, default http://localhost:3000]   (SMOKE_READY_PATH overrides /api/ready)
// Needs a fresh site (the first account gets the `files` permission) and Node 20+; no dependencies.
const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const readyPath = process.env.SMOKE_READY_PATH ?? '/api/ready';
const cookies = new Map();
let csrf = '';

async function call(method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'x-xsrf-token': csrf }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

function step(name) {
  console.log(`smoke: ${name}`);
}

step(`waiting for ${base}${readyPath}`);
const deadline = Date.now() + 180_000;
for (;;) {
  const ok = await fetch(`${base}${readyPath}`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (Date.now() > deadline) throw new Error(`${readyPath} did not answer 200 within 3 minutes`);
  await new Promise((r) => setTimeout(r, 1000));
}

step('sign up');
csrf = (await call('GET', '/api/csrf')).csrfToken;
const emailAddress = `smoke-${Date.now()}@example.com`;
const user = await call('POST', '/api/signup', { emailAddress, password: 'a smoke test passphrase 42' });
if (!user?.permissions?.includes('files'))
  throw new Error('sign-up did not answer a user with the files permission');
csrf = (await call('GET', '/api/csrf')).csrfToken;

step('upload');
const bytes = Buffer.from(`smoke test ${new Date().toISOString()}\n`);
const uploadId = (await call('POST', '/api/files/create-upload', { size: bytes.length })).contents;
const { url } = await call('GET', `/api/files/signed-url/${uploadId}`);
const put = await fetch(new URL(url, base), {
  method: 'PUT',
  headers: { 'content-type': 'application/octet-stream' },
  body: bytes,
});
if (!put.ok) throw new Error(`PUT to the signed URL answered ${put.status}: ${await put.text()}`);
const file = await call('POST', '/api/files/create-file', {
  name: 'smoke.txt',
  mimeType: 'text/plain',
  size: bytes.length,
  parentId: null,
  uploadId,
});

step('download');
const download = await call('GET', `/api/files/${file.nodeId}/download`);
const got = Buffer.from(await (await fetch(new URL(download.url, base))).arrayBuffer());
if (!got.equals(bytes))
  throw new Error(`downloaded ${got.length} bytes that differ from the ${bytes.length} uploaded`);
step(
  `ok: ${emailAddress} uploaded and downloaded ${bytes.length} bytes through ${new URL(url, base).origin}`,
);
