import { useLayoutEffect, type RefObject } from 'react';

/** Read by index.css: the page's bottom padding and scroll padding while the Uploads panel is open. */
const roomVariable = '--uploads-panel-room';
/** Space kept between the page's last line and the panel's top. */
const gap = 8;

/**
 * Makes room at the bottom of the page for the fixed Uploads panel `panel`, as tall as it reaches up the screen,
 * so whatever the page ends with (the viewer's comment box on a phone) can be scrolled above it instead of lying
 * under it, and a field taking the focus is scrolled clear of it. Kept up as the panel grows and shrinks; the room
 * goes with the panel.
 */
export function usePanelRoom(panel: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => {
      const reach = window.innerHeight - element.getBoundingClientRect().top;
      root.style.setProperty(roomVariable, `${Math.max(0, Math.ceil(reach)) + gap}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(roomVariable);
    };
  }, [panel]);
}
