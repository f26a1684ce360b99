// Which photo the gallery strip shows, from its scroll position, without fighting the moves the
// page makes itself. A thumbnail click or an arrow key starts a smooth scroll; its scroll events keep
// arriving for a few hundred ms, each rounding to a photo on the way. Taken as swipes they set the
// position back after a second quick move (thumbnail click, then ArrowRight at once). So while a
// page-driven move is in flight scroll events are ignored, until the strip rests at its target
// (`scrollend`) or, where `scrollend` is missing or never comes (interrupted, Safari < 26), the strip
// has been quiet for SETTLE_MS; then the photo it rests on is the current one (a swipe made during
// the move counts once the strip stops).

/** How long the strip stays quiet before a page-driven move counts as settled without `scrollend`. */
export const SETTLE_MS = 200;

export type ScrollStrip = Pick<HTMLElement, 'scrollLeft' | 'clientWidth' | 'addEventListener' | 'removeEventListener'>;

export interface StripPosition {
  /** A move the page makes to `left` (px): scroll events until it settles are not swipes. */
  steer(left: number): void;
  stop(): void;
}

/** Calls `onPhoto` with the photo most in view after each swipe (one call per frame). */
export function followStripPosition(strip: ScrollStrip, onPhoto: (index: number) => void): StripPosition {
  let frame = 0;
  let target: number | null = null;
  let settle: ReturnType<typeof setTimeout> | undefined;
  const photoInView = () => strip.clientWidth && onPhoto(Math.round(strip.scrollLeft / strip.clientWidth));
  const release = () => {
    clearTimeout(settle);
    target = null;
  };
  const waitForQuiet = () => {
    clearTimeout(settle);
    settle = setTimeout(() => {
      release();
      photoInView();
    }, SETTLE_MS);
  };
  const onScroll = () => {
    if (target !== null) return waitForQuiet();
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(photoInView);
  };
  // An interrupted smooth scroll may end short of the new target: only resting at the target releases.
  const onScrollEnd = () => {
    if (target !== null && Math.abs(strip.scrollLeft - target) <= 1) release();
  };
  strip.addEventListener('scroll', onScroll, { passive: true });
  strip.addEventListener('scrollend', onScrollEnd);
  return {
    steer(left) {
      cancelAnimationFrame(frame);
      target = left;
      waitForQuiet();
    },
    stop() {
      cancelAnimationFrame(frame);
      release();
      strip.removeEventListener('scroll', onScroll);
      strip.removeEventListener('scrollend', onScrollEnd);
    },
  };
}
