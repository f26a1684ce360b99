import { useEffect, useEffectEvent, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { keepsScroll } from '@stitchhouse/shared/scroll.ts';
import { restoreWhenReachable } from './scrollRestore.ts';

const STORAGE_KEY = 'stitchhouse-scroll';
const MAX_REMEMBERED = 50;

/** Scroll positions by history entry (react-router's location.key), kept across reloads for this tab. */
const positions = new Map<string, number>();
/** Whether `positions` holds this tab's stored ones too (see `withStoredPositions`). */
let storedRead = false;
/** The history entry on screen (react-router's location.key). */
let shownKey = 'default';

/**
 * `positions`, with the ones this tab stored before this page load merged under the newer ones.
 * Read on first need, not when the module loads: the first sessionStorage access of a page is a
 * synchronous trip to the browser process, which cost ~90 ms of a landing page's main thread.
 */
function withStoredPositions(): Map<string, number> {
  if (!storedRead) {
    storedRead = true;
    const seen = new Map(positions);
    positions.clear();
    // A page opened anew: the stored 'default' was another page's first entry.
    for (const [key, y] of readStored()) if (key !== 'default' || !openedAnew()) positions.set(key, y);
    for (const [key, y] of seen) remember(key, y);
  }
  return positions;
}

/** Whether this page was opened from a link or the address bar (not a reload, not Back/Forward into it). */
function openedAnew(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation === undefined || navigation.type === 'navigate';
}

/**
 * Whether this page load can return to an entry this tab left earlier: a reload or Back/Forward
 * into the page, or an entry react-router made (a key other than 'default'). A page opened anew
 * starts at the top of its first entry, whatever an earlier page stored.
 */
function mayReturn(key: string): boolean {
  return key !== 'default' || !openedAnew();
}

function readStored(): [string, number][] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number') : [];
  } catch {
    return [];
  }
}

function remember(key: string, y: number) {
  positions.delete(key);
  positions.set(key, y);
  if (positions.size > MAX_REMEMBERED) positions.delete(positions.keys().next().value!);
}

/**
 * A new page opens at the top; Back and Forward return to where the person was.
 *
 * Not react-router's <ScrollRestoration>: it restores once, in the layout effect of the
 * navigation, and our screens are remote modules whose lists load after that, so the position
 * was clamped to the skeleton's height. Here the restore waits until the page is tall enough
 * (or the person scrolls first).
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // One listener for the page's life: it files each position under the entry shown *now*
    // (set in the layout effect below, in the same task as the new screen's DOM), so the
    // browser clamping the old position on a shorter new page is filed under the new entry.
    const onScroll = () => remember(shownKey, window.scrollY);
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...withStoredPositions()]));
      } catch {
        // storage full or blocked: positions still work within this page load
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  // Once per entry shown (`location.key`), with how it was reached.
  const entryShown = useEffectEvent(() => {
    shownKey = location.key;
    if (navigationType === 'POP') {
      const saved = mayReturn(location.key) ? withStoredPositions().get(location.key) : positions.get(location.key);
      // No saved position (a fragment link such as "Skip to main content", a first visit): the browser's own scrolling stands.
      return saved === undefined ? undefined : restoreWhenReachable(saved);
    }
    if (keepsScroll(location.state)) return undefined;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    return undefined;
  });
  useLayoutEffect(() => entryShown(), [location.key]);

  return null;
}
