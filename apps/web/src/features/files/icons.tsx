/** Small line icons for the files table; decorative, so hidden from assistive technology. */
const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

/** A closed folder. */
export const FolderClosedIcon = () => (
  <svg {...base} data-icon="folder-closed">
    <path
      d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.3l2 2.2h8.7A1.5 1.5 0 0 1 21 8.7v9.8a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5z"
      fill="currentColor"
      fillOpacity="0.15"
    />
  </svg>
);

/** An open folder. */
export const FolderOpenIcon = () => (
  <svg {...base} data-icon="folder-open">
    <path d="M3 18.5V6.5A1.5 1.5 0 0 1 4.5 5h4.3l2 2.2h7.7A1.5 1.5 0 0 1 20 8.7V10" />
    <path
      d="M3 18.5 5.6 11a1.5 1.5 0 0 1 1.4-1h13.4a1 1 0 0 1 .95 1.3l-2.4 7.5a1.5 1.5 0 0 1-1.4 1.2H4.5A1.5 1.5 0 0 1 3 18.5z"
      fill="currentColor"
      fillOpacity="0.15"
    />
  </svg>
);

/** A file. */
export const FileIcon = () => (
  <svg {...base} data-icon="file">
    <path d="M14 3H7.5A1.5 1.5 0 0 0 6 4.5v15A1.5 1.5 0 0 0 7.5 21h9a1.5 1.5 0 0 0 1.5-1.5V7z" />
    <path d="M14 3v4h4" />
  </svg>
);

/** The '^' of the row menu. */
export const CaretIcon = () => (
  <svg {...base} width={18} height={18}>
    <path d="m6 15 6-6 6 6" />
  </svg>
);

/** The sort caret: up for ascending, down for descending. */
export const SortIcon = ({ descending }: { descending: boolean }) => (
  <svg {...base} width={14} height={14} strokeWidth={2.4}>
    <path d={descending ? 'm6 9 6 6 6-6' : 'm6 15 6-6 6 6'} />
  </svg>
);
