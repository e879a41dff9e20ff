import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Sends through an SMTP server given as a URL, e.g. smtp://user:pass@host:587. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
