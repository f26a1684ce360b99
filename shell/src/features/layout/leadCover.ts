import { AFTER_PAINT_HINTS_ID, COVER_SLOT_ATTRIBUTE } from '@stitchhouse/shared/leadCover.mjs';

/** The cover a landing page leads with, as its server preloaded it (scripts/route-hints.mjs). */
export interface LeadCover {
  src: string;
  srcSet?: string;
  sizes?: string;
  /** Where the screen shows it: the pattern page's photo or the first card of a grid (COVER_SLOTS). */
  slot: string;
}

/** How long a remote screen waits for the lead cover to paint at most: a slow or lost image, or a larger paint before it, must not hold the page. */
const LEAD_COVER_WAIT_MS = 1000;

const landingPath = typeof window === 'undefined' ? null : window.location.pathname;
const preload = typeof document === 'undefined' ? null : document.querySelector<HTMLLinkElement>(`link[rel="preload"][as="image"][${COVER_SLOT_ATTRIBUTE}]`);
const cover: LeadCover | null = preload
  ? {
      src: preload.href,
      srcSet: preload.getAttribute('imagesrcset') ?? undefined,
      sizes: preload.getAttribute('imagesizes') ?? undefined,
      slot: preload.getAttribute(COVER_SLOT_ATTRIBUTE) ?? '',
    }
  : null;

let started = !cover;
let start: () => void = () => undefined;
const screensStart = new Promise<void>((resolve) => {
  start = resolve;
});
if (started) start();
else setTimeout(startScreens, LEAD_COVER_WAIT_MS);

/**
 * The remote's files now: the server held the runtime's and the screen's hints back (an inert
 * template) so that main.js and the cover had a phone's bandwidth, and a first paint that needs no
 * remote code, to themselves (issue 13).
 */
function startScreens() {
  if (started) return;
  started = true;
  const hints = document.getElementById(AFTER_PAINT_HINTS_ID);
  if (hints instanceof HTMLTemplateElement) document.head.append(hints.content);
  start();
}

/**
 * Resolves when a remote screen may start loading: at once, unless the page leads with a cover the
 * shell paints first (then once it has painted, or after LEAD_COVER_WAIT_MS).
 */
export function screensMayStart(): Promise<void> {
  return screensStart;
}

/** The cover the skeleton shows: only on the page the visit opened on, before its screen started. */
export function leadCoverToShow(): LeadCover | null {
  return !started && window.location.pathname === landingPath ? cover : null;
}

/**
 * The skeleton's cover has loaded (`img`) or failed (null): the screen starts once the cover is on
 * screen, which is when the browser reports it as the page's largest paint so far (two frames where
 * that is not reported), so none of the remote's work runs before that paint.
 */
export function leadCoverSettled(img: HTMLImageElement | null): void {
  const whenShown = () => setTimeout(startScreens, 0);
  if (!img) return void whenShown();
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    return void requestAnimationFrame(() => requestAnimationFrame(whenShown));
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === img)) return;
    observer.disconnect();
    whenShown();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}
