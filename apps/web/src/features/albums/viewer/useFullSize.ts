import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The full-size picture's URL for `showing`, once `wanted` turns true: fetched once per picture and decoded
 * before it is answered, so swapping it in paints at once. Undefined until then, and for good when it fails (the
 * screen-sized picture stays).
 */
export function useFullSize(
  showing: string | undefined,
  load: (() => Promise<string>) | null,
  wanted: boolean,
): string | undefined {
  const [full, setFull] = useState<{ of: string; url: string } | null>(null);
  const asked = useRef<string | null>(null);
  const latestLoad = useRef(load);
  useLayoutEffect(() => {
    latestLoad.current = load;
  }, [load]);
  const go = wanted && !!load;
  useEffect(() => {
    if (!go || !showing || !latestLoad.current || asked.current === showing) return;
    asked.current = showing;
    void latestLoad
      .current()
      .then(async (url) => {
        const picture = new Image();
        picture.src = url;
        await picture.decode();
        setFull({ of: showing, url });
      })
      .catch(() => undefined);
  }, [go, showing]);
  return full && full.of === showing ? full.url : undefined;
}
