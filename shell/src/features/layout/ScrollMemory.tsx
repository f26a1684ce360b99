import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { keepsScroll } from '@stitchhouse/shared/scroll.ts';
import { restoreWhenReachable } from './scrollRestore.ts';

const STORAGE_KEY = 'stitchhouse-scroll';
const MAX_REMEMBERED = 50;

/** Scroll positions by history entry (react-router's location.key), kept across reloads for this tab. */
const positions = new Map<string, number>(readStored());
/** The history entry on screen (react-router's location.key). */
let shownKey = 'default';

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
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
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

  useLayoutEffect(() => {
    shownKey = location.key;
    if (navigationType === 'POP') {
      const saved = positions.get(location.key);
      // No saved position (a fragment link such as "Skip to main content", a first visit): the browser's own scrolling stands.
      return saved === undefined ? undefined : restoreWhenReachable(saved);
    }
    if (keepsScroll(location.state)) return undefined;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
