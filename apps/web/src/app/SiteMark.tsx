/**
 * The site's mark (public/favicon.svg, which the icons are made from), drawn in the page itself: as an `<img>` an
 * SVG is a document of its own that the browser sets up and lays out on the page's main thread.
 */
export function SiteMark() {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#4338ca" />
      <path
        d="M9 11l7-4 7 4v10l-7 4-7-4zM9 11l7 4 7-4M16 15v10"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
