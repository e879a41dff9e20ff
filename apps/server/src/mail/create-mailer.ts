import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Mailer } from './mailer.ts';
import { outboxMailer } from './outbox-mailer.ts';
import { smtpMailer } from './smtp-mailer.ts';

export function createMailer(config: Config, logger: Logger): Mailer {
  const { smtpUrl, from, outboxDir } = config.mail;
  return smtpUrl ? smtpMailer(smtpUrl, from) : outboxMailer(outboxDir, from, logger);
}
