import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * Connection, greeting and socket timeouts: a mail server that accepts a connection and then says nothing must
 * fail the send within seconds (the job is retried later) rather than hold a job for minutes.
 */
export const smtpTimeouts = { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 };

/** Sends through an SMTP server given as a URL, e.g. smtp://user:pass@host:587 (its query may set other timeouts). */
export function smtpMailer(url: string, from: string, timeouts = smtpTimeouts): Mailer {
  const withTimeouts = new URL(url);
  for (const [name, ms] of Object.entries(timeouts)) {
    if (!withTimeouts.searchParams.has(name)) withTimeouts.searchParams.set(name, String(ms));
  }
  const transport = nodemailer.createTransport(withTimeouts.toString());
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
