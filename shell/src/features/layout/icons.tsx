import type { ReactNode } from 'react';

/**
 * Line icons for marketing pages, drawn inline so they never depend on an emoji
 * font and inherit the text colour. Decorative: callers hide them from assistive tech.
 */
const PATHS = {
  phone: (
    <>
      <rect x="7" y="2.5" width="10" height="19" rx="2" />
      <path d="M11 18.5h2" />
    </>
  ),
  library: (
    <>
      <path d="M4 4h4v16H4zM10 4h4v16h-4z" />
      <path d="m16 5 3.5-1 2.5 15.5-3.5 1z" />
    </>
  ),
  projector: (
    <>
      <rect x="2.5" y="8" width="14" height="9" rx="2" />
      <circle cx="9.5" cy="12.5" r="2.5" />
      <path d="m16.5 10 5-3v11l-5-3" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="12" cy="6" rx="7" ry="3" />
      <path d="M5 6v6c0 1.7 3.1 3 7 3s7-1.3 7-3V6M5 12v6c0 1.7 3.1 3 7 3s7-1.3 7-3v-6" />
    </>
  ),
  bank: (
    <>
      <path d="M3 9.5 12 4l9 5.5M4 20h16M6 10v8M10 10v8M14 10v8M18 10v8" />
    </>
  ),
  update: (
    <>
      <path d="M20 12a8 8 0 0 1-14.3 4.9M4 12A8 8 0 0 1 18.3 7.1" />
      <path d="M18.5 3v4.5H14M5.5 21v-4.5H10" />
    </>
  ),
  stamp: (
    <>
      <path d="M9 3h6v5l-1.5 3h-3L9 8zM5 14h14v3H5zM4 21h16" />
    </>
  ),
  shop: (
    <>
      <path d="M4 10v10h16V10M3 5h18l-1 5H4z" />
      <path d="M9.5 20v-5h5v5" />
    </>
  ),
  chart: (
    <>
      <path d="M4 20V4M4 20h16" />
      <path d="m7 15 4-5 3 3 5-6" />
    </>
  ),
  needle: (
    <>
      <path d="M20 4 7 17l-3 3M17 4.5l2.5 2.5" />
      <path d="M6 10c-3 3 1 7 4 4s6-1 6 2" />
    </>
  ),
  print: (
    <>
      <path d="M7 9V3h10v6M7 17H4v-8h16v8h-3" />
      <path d="M7 14h10v7H7z" />
    </>
  ),
  tag: (
    <>
      <path d="M3 12V3h9l9 9-9 9z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </>
  ),
  receipt: (
    <>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </>
  ),
  handshake: (
    <>
      <path d="m3 11 4-4 5 2 5-2 4 4-6 6a2 2 0 0 1-3 0l-4-4" />
      <path d="M3 11l5 5M12 9l-3 3" />
    </>
  ),
  thread: (
    <>
      <path d="M7 3h10M7 21h10" />
      <rect x="8" y="5" width="8" height="14" rx="1.5" />
      <path d="m8 9 8 2M8 13l8 2" />
    </>
  ),
  pencil: (
    <>
      <path d="m4 20 1-5L16 4l4 4L9 19z" />
      <path d="m14 6 4 4" />
    </>
  ),
  scissors: (
    <>
      <circle cx="6" cy="7" r="3" />
      <circle cx="6" cy="17" r="3" />
      <path d="M8.5 8.5 20 18M8.5 15.5 20 6" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
