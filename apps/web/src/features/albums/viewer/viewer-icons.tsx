/** Line icons for the photo viewer's buttons; decorative (the buttons say their names), so hidden. */
const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

/** A magnifier with a plus: closer. */
export const ZoomInIcon = () => (
  <svg {...base}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.3-4.3M11 8v6M8 11h6" />
  </svg>
);

/** A magnifier with a minus: further. */
export const ZoomOutIcon = () => (
  <svg {...base}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.3-4.3M8 11h6" />
  </svg>
);

/** An arrow into a tray. */
export const DownloadIcon = () => (
  <svg {...base}>
    <path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />
  </svg>
);

/** A page with a folded corner: the file as it was taken. */
export const OriginalIcon = () => (
  <svg {...base}>
    <path d="M14 3H6v18h12V7zM14 3v4h4M9 13h6M9 17h4" />
  </svg>
);

/** Four corners pointing out. */
export const FullscreenIcon = () => (
  <svg {...base}>
    <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
  </svg>
);

/** Four corners pointing in. */
export const ExitFullscreenIcon = () => (
  <svg {...base}>
    <path d="M9 4v5H4M15 4v5h5M20 15h-5v5M4 15h5v5" />
  </svg>
);
