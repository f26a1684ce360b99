import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followStripPosition, SETTLE_MS } from './stripPosition.ts';

// A strip 400 px wide whose scroll events arrive as the browser sends them (one frame each).
class Strip extends EventTarget {
  scrollLeft = 0;
  clientWidth = 400;
  scrollTo(left: number) {
    this.scrollLeft = left;
    this.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(16);
  }
}

let strip: Strip;
let photos: number[];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => setTimeout(() => run(0), 16) as unknown as number);
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  strip = new Strip();
  photos = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the gallery strip position', () => {
  it('follows a swipe: the photo most in view, once per frame', () => {
    const follow = followStripPosition(strip, (i) => photos.push(i));
    strip.scrollTo(150);
    strip.scrollTo(390);
    expect(photos).toEqual([0, 1]);
    follow.stop();
    strip.scrollTo(800);
    vi.runAllTimers();
    expect(photos).toEqual([0, 1]);
  });

  it('ignores the late scroll events of a thumbnail’s smooth scroll after an ArrowRight (the race)', () => {
    const follow = followStripPosition(strip, (i) => photos.push(i));
    // thumbnail 2 clicked: a smooth scroll towards 400 starts…
    follow.steer(400);
    strip.scrollTo(120);
    // …ArrowRight at once: the page shows photo 3 and scrolls on towards 800
    follow.steer(800);
    strip.scrollTo(260); // a late event of the first scroll: rounds to photo 2
    strip.dispatchEvent(new Event('scrollend')); // the interrupted first scroll ends short of 800
    strip.scrollTo(560);
    strip.scrollTo(800);
    strip.dispatchEvent(new Event('scrollend'));
    vi.advanceTimersByTime(16);
    expect(photos).toEqual([]);
    // at rest: a swipe counts again
    strip.scrollTo(1190);
    expect(photos).toEqual([3]);
  });

  it('counts swipes again once a move settles without scrollend, from where the strip rests', () => {
    const follow = followStripPosition(strip, (i) => photos.push(i));
    follow.steer(400);
    strip.scrollTo(200);
    strip.scrollTo(400);
    vi.advanceTimersByTime(SETTLE_MS - 50);
    strip.scrollTo(400); // still moving: the quiet time starts again
    expect(photos).toEqual([]);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(photos).toEqual([1]);
    strip.scrollTo(10);
    expect(photos).toEqual([1, 0]);
  });

  it('takes a swipe made during a page-driven move once the strip rests', () => {
    const follow = followStripPosition(strip, (i) => photos.push(i));
    follow.steer(0); // Home, from photo 3: a smooth scroll back starts…
    strip.scrollTo(700);
    strip.scrollTo(400); // …and a swipe stops the strip on photo 2
    strip.dispatchEvent(new Event('scrollend')); // short of the target: not yet at rest for the page's move
    expect(photos).toEqual([]);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(photos).toEqual([1]);
  });
});
