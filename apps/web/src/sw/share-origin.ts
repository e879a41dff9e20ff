/** What the service worker can see of where a share-target POST came from. */
export interface ShareSource {
  /** The request's Origin header: null when absent, the string 'null' when the sender hid it. */
  origin: string | null;
  /** The id of the page that started the navigation; empty when no page did (the phone's share sheet). */
  clientId: string;
  /** That page's origin when it is one the worker knows (a page of this site), else null. */
  initiatorOrigin: string | null;
}

/**
 * Whether a share-target POST comes from the installed app: the phone's share sheet, which no page starts, or a
 * page of the site itself. A form on another site is refused even when it hides its Origin (referrer policy
 * no-referrer), since the navigation it starts names a page the worker does not know. Sec-Fetch-Site would say as
 * much, but the network adds it after the worker has seen the request.
 */
export function isOwnShare(source: ShareSource, siteOrigin: string): boolean {
  if (source.origin !== null && source.origin !== 'null' && source.origin !== siteOrigin) return false;
  return source.clientId === '' || source.initiatorOrigin === siteOrigin;
}
