// Restoring a scroll position on a page whose content is still arriving (a remote screen, then its list).

/** How long a restore keeps waiting for the page to grow tall enough. */
export const RESTORE_PATIENCE_MS = 8000;

const PERSON_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `y` now if the page is tall enough, else each time the page grows, until it gets
 * there, the person scrolls on their own, or the patience runs out. Returns a cancel function.
 */
export function restoreWhenReachable(y: number, patienceMs = RESTORE_PATIENCE_MS): () => void {
  const reached = () => Math.abs(window.scrollY - y) <= 1;
  window.scrollTo(0, y);
  if (reached()) return () => undefined;

  let done = false;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (reached()) stop();
  });
  const timer = window.setTimeout(() => stop(), patienceMs);
  function stop() {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of PERSON_SCROLLS) window.removeEventListener(type, stop, true);
  }
  observer.observe(document.body);
  for (const type of PERSON_SCROLLS) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}
