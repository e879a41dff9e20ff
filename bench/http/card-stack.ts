/**
 * The stack the card names, built the way its documentation shows, as the baseline a logged-in read is held to:
 * Express 5, cookie-parser, express-session with its rows in PostgreSQL (a store like connect-pg-simple: a read
 * per request, and a write of the expiry on each, as `rolling` does), csrf-csrf publishing a token per session,
 * and a handler reading the same user row as GET /api/me.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import cookieParser from 'cookie-parser';
import { doubleCsrf } from 'csrf-csrf';
import express from 'express';
import session from 'express-session';
import pg from 'pg';

const secret = randomUUID() + randomUUID();
const dayMs = 24 * 60 * 60 * 1000;

/** express-session's store on one table, as connect-pg-simple keeps it. */
class PgSessionStore extends session.Store {
  constructor(private readonly pool: pg.Pool) {
    super();
  }

  override get(sid: string, done: (err: unknown, s?: session.SessionData | null) => void) {
    this.pool
      .query('SELECT sess FROM card_session WHERE sid = $1 AND expire >= now()', [sid])
      .then((r) => done(null, (r.rows[0]?.sess as session.SessionData | undefined) ?? null), done);
  }

  override set(sid: string, sess: session.SessionData, done?: (err?: unknown) => void) {
    this.pool
      .query(
        `INSERT INTO card_session (sid, sess, expire) VALUES ($1, $2, $3)
         ON CONFLICT (sid) DO UPDATE SET sess = excluded.sess, expire = excluded.expire`,
        [sid, JSON.stringify(sess), sess.cookie.expires ?? new Date(Date.now() + dayMs)],
      )
      .then(() => done?.(), done);
  }

  override touch(sid: string, sess: session.SessionData, done?: (err?: unknown) => void) {
    this.pool
      .query('UPDATE card_session SET expire = $2 WHERE sid = $1', [
        sid,
        sess.cookie.expires ?? new Date(Date.now() + dayMs),
      ])
      .then(() => done?.(), done);
  }

  override destroy(sid: string, done?: (err?: unknown) => void) {
    this.pool.query('DELETE FROM card_session WHERE sid = $1', [sid]).then(() => done?.(), done);
  }
}

declare module 'express-session' {
  interface SessionData {
    userId: string;
  }
}

/** Starts the card's stack on `url` and logs a member in: answers its read as an autocannon target. */
export async function startCardStack(url: string, listen: (server: http.Server) => Promise<number>) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {}); // the database is dropped under it at the end
  await pool.query(
    'CREATE TABLE card_session (sid text PRIMARY KEY, sess json NOT NULL, expire timestamptz NOT NULL)',
  );
  const userId = (await pool.query('SELECT id FROM "User" LIMIT 1')).rows[0].id as string;
  const { generateCsrfToken, doubleCsrfProtection } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => req.sessionID,
    cookieName: 'XSRF-TOKEN',
    cookieOptions: { sameSite: 'strict', secure: false, httpOnly: false, path: '/' },
    getCsrfTokenFromRequest: (req) => req.get('x-xsrf-token'),
  });

  const app = express();
  app.use(cookieParser());
  app.use(
    session({
      store: new PgSessionStore(pool),
      secret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', maxAge: 30 * dayMs },
    }),
  );
  // The bench's own way in, before the CSRF check (a real login form would fetch its token first).
  app.post('/login', (req, res, next) => {
    req.session.userId = userId;
    req.session.save((err) => (err ? next(err) : res.json({ csrfToken: generateCsrfToken(req, res) })));
  });
  app.use(doubleCsrfProtection);
  app.get('/api/me', (req, res, next) => {
    const id = req.session.userId;
    if (!id) return void res.status(401).json({ error: 'not logged in' });
    // As a page would: the member's token, published with each answer (csrf-csrf keeps a valid one).
    generateCsrfToken(req, res);
    pool
      .query('SELECT id, email, "displayName" FROM "User" WHERE id = $1', [id])
      .then((r) => res.json(r.rows[0]), next);
  });
  const base = `http://127.0.0.1:${await listen(http.createServer(app))}`;

  const login = await fetch(`${base}/login`, { method: 'POST' });
  if (!login.ok) throw new Error(`card stack login: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { url: `${base}/api/me`, headers: { cookie } };
}
