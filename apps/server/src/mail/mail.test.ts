import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailer } from './outbox-mailer.ts';
import { readOutbox } from './read-outbox.ts';
import { smtpMailer } from './smtp-mailer.ts';
import { linkMail } from './templates.ts';

const longLink = `https://family.example.org/reset-password/${'x'.repeat(43)}`;
const mail = linkMail('ada@example.com', 'Reset your password', ['Hello Ada & co.'], {
  label: 'Choose a new password',
  url: longLink,
});

describe('SMTP mailer', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message with text and HTML bodies to a real SMTP server', async () => {
    await smtpMailer(`smtp://127.0.0.1:${port}/?ignoreTLS=true`, 'Site <site@example.org>').send(mail);
    expect(received).toHaveLength(1);
    const raw = received[0]!.replace(/=\r?\n/g, '');
    expect(raw).toMatch(/^From: Site <site@example.org>/m);
    expect(raw).toMatch(/^To: ada@example.com/m);
    expect(raw).toMatch(/^Subject: Reset your password/m);
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    expect(raw).toContain(longLink);
  });
});

describe('outbox mailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes one RFC 822 .eml file per message, whose link can be read back', async () => {
    await outboxMailer(dir, 'Site <site@example.org>', pino({ level: 'silent' })).send(mail);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(raw).toMatch(/^MIME-Version: 1.0/m);
    expect(raw).toContain('Hello Ada &amp; co.');
    const [read] = await readOutbox(dir);
    expect(read).toMatchObject({ to: 'ada@example.com', subject: 'Reset your password' });
    expect(read!.links).toContain(longLink);
  });
});
