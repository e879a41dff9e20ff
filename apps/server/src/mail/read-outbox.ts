import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** Every http(s) link in the message, in order. */
  links: string[];
  /** The whole message as stored, soft line breaks and escapes undone. */
  raw: string;
}

// Undoes quoted-printable soft line breaks and escapes, which can split a long link.
const unquote = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The messages in an outbox folder, oldest first: for people running the site locally, and for tests. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = unquote(await readFile(path.join(dir, file), 'utf8'));
      const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';
      // A link in the HTML part has its & escaped; the browser would follow it unescaped.
      const links = [
        ...new Set((raw.match(/https?:\/\/[^\s"<>]+/g) ?? []).map((l) => l.replaceAll('&amp;', '&'))),
      ];
      return { file, to: header('To'), subject: header('Subject'), links, raw };
    }),
  );
}
