import net from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumOwner } from '../../test/albums-factories.ts';
import { databaseKind } from '../../test/database.ts';
import { signedUpVisitor, uniqueEmail } from '../../test/factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { startJobRunner } from '../jobs/runner.ts';
import { smtpMailer } from './smtp-mailer.ts';

/** A real SMTP server on a fixed port, which the test stops and starts again. */
function smtpOn(port: number, received: { to: string; subject: string }[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        const subject = data.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? '';
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, subject });
        done();
      });
    },
  });
  return new Promise<SMTPServer>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
const closeSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A mail server that accepts connections and never says a word. */
function stallingOn(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  return new Promise<{ close(): Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until(check: () => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

let site: TestSite;
let port: number;
beforeAll(async () => {
  port = await freePort();
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}/?ignoreTLS=true`, 'Site <site@example.org>', {
    connectionTimeout: 500,
    greetingTimeout: 500,
    socketTimeout: 1000,
  });
  site = await startSite({}, { mailer });
});
afterAll(() => site.close());

/** Every request that mails, made while the mail server is out; answers who should get what. */
async function requestsThatMail() {
  const { visitor, user } = await signedUpVisitor(site);
  const unknown = uniqueEmail('nobody');
  const { owner, album } = await albumOwner(site, 'Summer');
  const friend = uniqueEmail('friend');
  // Signing up queued verification mails of its own; only the requests below are under test.
  await site.deps.db.job.deleteMany({});
  const answers = [
    (await visitor.post('/api/send-verification-email')).status,
    (await (await site.visitor()).post('/api/password-reset-init', { emailAddress: user.emailAddress }))
      .status,
    (await (await site.visitor()).post('/api/password-reset-init', { emailAddress: unknown })).status,
    (await owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: friend }))
      .status,
  ];
  return { answers, expected: [user.emailAddress, user.emailAddress, friend].sort(), unknown };
}

describe(`mail while the SMTP server is out (${databaseKind})`, () => {
  const runnerOptions = { pollMs: 50, backoffBaseMs: 300, backoffMaxMs: 600, stopTimeoutMs: 2000 };

  it('answers as usual while SMTP refuses connections, and delivers every mail once SMTP is back', async () => {
    const received: { to: string; subject: string }[] = [];
    await closeSmtp(await smtpOn(port, received)); // a mail server that was there and has stopped
    const runner = startJobRunner({ ...site.deps, logger: pino({ level: 'silent' }) }, runnerOptions);
    try {
      const { answers, expected, unknown } = await requestsThatMail();
      expect(answers).toEqual([204, 204, 204, 200]);
      await new Promise((r) => setTimeout(r, 500));
      // The unknown address's reset ran (and mailed nobody); the three mails wait, failed and rescheduled.
      const failing = await site.deps.db.job.findMany({ orderBy: { kind: 'asc' } });
      expect(failing.map((j) => j.kind)).toEqual(['album-shared', 'password-reset', 'verification-mail']);
      expect(failing.every((j) => j.state === 'PENDING' && j.attempts >= 1 && j.lastError)).toBe(true);

      const smtp = await smtpOn(port, received);
      await until(() => received.length >= 3);
      await until(() => false, 1000).catch(() => {}); // nothing more should come
      await closeSmtp(smtp);
      expect(received.map((m) => m.to).sort()).toEqual(expected);
      expect(received.some((m) => m.to === unknown)).toBe(false);
      expect(await site.deps.db.job.count()).toBe(0);
    } finally {
      await runner.stop();
    }
  });

  it('answers as usual while SMTP accepts connections and never answers, and delivers once SMTP is back', async () => {
    const received: { to: string; subject: string }[] = [];
    const stalling = await stallingOn(port);
    const runner = startJobRunner({ ...site.deps, logger: pino({ level: 'silent' }) }, runnerOptions);
    try {
      const started = Date.now();
      const { answers, expected } = await requestsThatMail();
      expect(answers).toEqual([204, 204, 204, 200]);
      // No request waited on the silent server (its greeting timeout alone is 500 ms per mail).
      expect(Date.now() - started).toBeLessThan(15_000);
      await until(() => false, 1500).catch(() => {});
      const failing = await site.deps.db.job.findMany({ orderBy: { kind: 'asc' } });
      expect(failing.map((j) => j.kind)).toEqual(['album-shared', 'password-reset', 'verification-mail']);
      expect(failing.map((j) => j.lastError)).toEqual([
        expect.stringMatching(/greeting|timeout/i),
        expect.stringMatching(/greeting|timeout/i),
        expect.stringMatching(/greeting|timeout/i),
      ]);

      await stalling.close();
      const smtp = await smtpOn(port, received);
      await until(() => received.length >= 3);
      await until(() => false, 1000).catch(() => {});
      await closeSmtp(smtp);
      expect(received.map((m) => m.to).sort()).toEqual(expected);
      expect(await site.deps.db.job.count()).toBe(0);
    } finally {
      await runner.stop();
    }
  });
});
