import type { Logger } from 'pino';
import { Counter } from 'prom-client';
import type { Config } from '../config.ts';
import { registry } from '../metrics/registry.ts';
import type { Mailer } from './mailer.ts';
import { outboxMailer } from './outbox-mailer.ts';
import { smtpMailer } from './smtp-mailer.ts';

/** Mails handed over to SMTP (or written to the outbox); failures show as job_failures_total. */
const mailsSent = new Counter({
  name: 'mails_sent_total',
  help: 'Mails accepted by the SMTP server, or written to the outbox',
  registers: [registry],
});

export function createMailer(config: Config, logger: Logger): Mailer {
  const { smtpUrl, from, outboxDir } = config.mail;
  const mailer = smtpUrl ? smtpMailer(smtpUrl, from) : outboxMailer(outboxDir, from, logger);
  return {
    async send(mail) {
      await mailer.send(mail);
      mailsSent.inc();
    },
  };
}
