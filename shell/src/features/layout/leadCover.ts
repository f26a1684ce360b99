import { nextTask } from '@stitchhouse/shared/afterPaint.ts';
import { AFTER_PAINT_HINTS_ID, COVER_SLOT_ATTRIBUTE } from '@stitchhouse/shared/leadCover.mjs';

/** The cover a landing page leads with, as its server preloaded it (scripts/route-hints.mjs). */
export interface LeadCover {
  src: string;
  srcSet?: string;
  sizes?: string;
  /** Where the screen shows it: the pattern page's photo or the first card of a grid (COVER_SLOTS). */
  slot: string;
}

/**
 * Hints added to the page per task: each preload starts its request as it is added (about 1 ms
 * each on this machine), and a pattern page holds ~20, which added at once were one 12–29 ms task
 * (×4 on Lighthouse's phone: Total Blocking Time).
 */
const HINTS_PER_TASK = 4;

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
else setTimeout(() => void startScreens(), LEAD_COVER_WAIT_MS);

/**
 * The remote's files now: the server held the runtime's and the screen's hints back (an inert
 * template) so that main.js and the cover had a phone's bandwidth, and a first paint that needs no
 * remote code, to themselves.
 */
async function startScreens() {
  if (started) return;
  started = true;
  const template = document.getElementById(AFTER_PAINT_HINTS_ID);
  const hints = template instanceof HTMLTemplateElement ? [...template.content.children] : [];
  template?.remove();
  // In the template's order (the runtime's first); the screen starts once all are in the page, so
  // none of its requests comes before the preload that would have served it.
  for (let i = 0; i < hints.length; i += HINTS_PER_TASK) {
    if (i > 0) await nextTask();
    document.head.append(...hints.slice(i, i + HINTS_PER_TASK));
  }
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
  const whenShown = () => setTimeout(() => void startScreens(), 0);
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
