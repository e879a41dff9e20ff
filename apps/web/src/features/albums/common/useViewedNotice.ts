import { useEffect, useRef } from 'react';

/**
 * Sends a 'viewed' notice once per opened thing (spec: opening an album or an image tells the server), when
 * `ready` says it is really on screen. It only feeds notifications, so a failure is not the user's concern.
 */
export function useViewedNotice(key: string, ready: boolean, send: () => Promise<unknown>) {
  const sent = useRef<string | null>(null);
  const latest = useRef(send);
  useEffect(() => {
    latest.current = send;
  });
  useEffect(() => {
    if (!ready || sent.current === key) return;
    sent.current = key;
    latest.current().catch(() => undefined);
  }, [key, ready]);
}
