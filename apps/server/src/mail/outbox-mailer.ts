import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Mailer } from './mailer.ts';

/**
 * Writes each message as an RFC 822 .eml file into `dir` (any mail program opens them) and logs its links, so a
 * person running the site locally can follow them without a mail server.
 */
export function outboxMailer(dir: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info(
        { to: mail.to, subject: mail.subject, file, links },
        `mail written to the outbox: ${links.join(' ')}`,
      );
    },
  };
}
