/** One e-mail, with both a plain-text and an HTML body. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail: over SMTP in production, into an outbox folder by default. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
