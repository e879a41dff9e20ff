import type { Mail } from './mailer.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A short message with one call to action, as text and as simple HTML. */
export function linkMail(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
): Mail {
  const text = [...lines, '', `${action.label}: ${action.url}`, ''].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c1f2e">
${lines.map((l) => `<p>${escape(l)}</p>`).join('\n')}
<p><a href="${escape(action.url)}" style="display:inline-block;padding:10px 18px;background:#4338ca;color:#fff;border-radius:8px;text-decoration:none">${escape(action.label)}</a></p>
<p style="color:#5d6277;font-size:13px">Or open this link: ${escape(action.url)}</p>
</body></html>`;
  return { to, subject, text, html };
}
