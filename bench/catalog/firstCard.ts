// Time to the first pattern card on /patterns in headless Chromium: from navigation start
// (performance.timeOrigin) to the frame after the first [data-testid="pattern-card"]
// (PatternCard.tsx) enters the DOM, i.e. when it is painted. Cold = a fresh browser
// context (empty HTTP cache); warm = a second page in the same context (cached chunks).
import type { Browser, Page } from 'playwright-core';
import { median } from './catalogStack.ts';

export interface Phase {
  name: string;
  start: number;
  end: number;
}
export interface RestCall {
  url: string;
  method: string;
  start: number;
  end: number;
  serverMs: number | null;
  status: number | null;
}

export interface Visit {
  firstCardMs: number;
  /** When the card element entered the DOM (the frame after it is firstCardMs). */
  cardInDomMs: number;
  documentMs: number;
  /** Last JavaScript file received before the first card (shell + remote chunks). */
  jsDoneMs: number;
  jsFiles: number;
  /** Requests to the backend before the first card, with the server's wait (request sent → first byte). */
  rest: RestCall[];
  waterfall: Phase[];
}

const round = (n: number) => Math.round(n * 10) / 10;

// Installed before any page script: watches for the first card, then marks the next frame.
const WATCH_FIRST_CARD = `(() => {
  const found = () => {
    const card = document.querySelector('[data-testid="pattern-card"]');
    if (!card || window.__cardInDom) return;
    window.__cardInDom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => { window.__firstCard = performance.now(); performance.mark('first-pattern-card'); });
  };
  const observer = new MutationObserver(found);
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function visit(page: Page, url: string, backendOrigin: string): Promise<Visit> {
  const timings = new Map<string, { serverMs: number; status: number | null }[]>();
  page.on('requestfinished', (request) => {
    if (!request.url().startsWith(backendOrigin) || request.method() === 'OPTIONS') return;
    const t = request.timing();
    void request.response().then((response) => {
      const list = timings.get(request.url()) ?? [];
      list.push({ serverMs: t.responseStart >= 0 && t.requestStart >= 0 ? round(t.responseStart - t.requestStart) : -1, status: response?.status() ?? null });
      timings.set(request.url(), list);
    });
  });
  await page.addInitScript(WATCH_FIRST_CARD);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { __firstCard?: number }).__firstCard !== undefined, undefined, { timeout: 30_000, polling: 50 });
  const measured = await page.evaluate(() => {
    const w = window as unknown as { __firstCard: number; __cardInDom: number };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.startTime <= w.__firstCard)
      .map((r) => ({ name: r.name, type: r.initiatorType, start: r.startTime, end: r.responseEnd }));
    return { firstCard: w.__firstCard, cardInDom: w.__cardInDom, documentEnd: nav.responseEnd, resources };
  });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const js = measured.resources.filter((r) => /\.m?js(\?|$)/.test(r.name));
  const used = new Map<string, number>();
  const rest: RestCall[] = measured.resources
    .filter((r) => r.name.startsWith(backendOrigin))
    .map((r) => {
      const index = used.get(r.name) ?? 0;
      used.set(r.name, index + 1);
      const timing = timings.get(r.name)?.[index];
      return {
        url: r.name.slice(backendOrigin.length),
        method: r.type === 'fetch' ? 'fetch' : r.type,
        start: round(r.start),
        end: round(r.end),
        serverMs: timing && timing.serverMs >= 0 ? timing.serverMs : null,
        status: timing?.status ?? null,
      };
    });
  const shortName = (name: string) => {
    const u = new URL(name);
    return u.origin === backendOrigin ? u.pathname : `${u.port}${u.pathname}`;
  };
  return {
    firstCardMs: round(measured.firstCard),
    cardInDomMs: round(measured.cardInDom),
    documentMs: round(measured.documentEnd),
    jsDoneMs: round(Math.max(0, ...js.map((r) => r.end))),
    jsFiles: js.length,
    rest,
    waterfall: [
      { name: 'document', start: 0, end: round(measured.documentEnd) },
      ...measured.resources.map((r) => ({ name: shortName(r.name), start: round(r.start), end: round(r.end) })),
      { name: 'first pattern card painted', start: round(measured.cardInDom), end: round(measured.firstCard) },
    ],
  };
}

export interface FirstCardResult {
  runs: number;
  cold: Summary;
  warm: Summary;
  /** The very first visit after the stack started (server caches cold too), for reference. */
  firstEverMs: number;
  /** The full cold visit closest to the median, for the waterfall. */
  medianColdVisit: Visit;
  medianWarmVisit: Visit;
}

export interface Summary {
  firstCardMedianMs: number;
  firstCardMinMs: number;
  firstCardMaxMs: number;
  documentMedianMs: number;
  jsDoneMedianMs: number;
  /** Median of (end − start) of the search RPC as the browser saw it, and its server part. */
  searchRpcMedianMs: number;
  searchRpcServerMedianMs: number;
  restCallsBeforeCard: number;
  samplesMs: number[];
}

function summarize(visits: Visit[]): Summary {
  const rpc = visits.map((v) => v.rest.find((r) => r.url.includes('/rpc/search_patterns'))).filter((r): r is RestCall => !!r);
  return {
    firstCardMedianMs: median(visits.map((v) => v.firstCardMs)),
    firstCardMinMs: Math.min(...visits.map((v) => v.firstCardMs)),
    firstCardMaxMs: Math.max(...visits.map((v) => v.firstCardMs)),
    documentMedianMs: median(visits.map((v) => v.documentMs)),
    jsDoneMedianMs: median(visits.map((v) => v.jsDoneMs)),
    searchRpcMedianMs: median(rpc.map((r) => r.end - r.start)),
    searchRpcServerMedianMs: median(rpc.map((r) => r.serverMs ?? 0)),
    restCallsBeforeCard: median(visits.map((v) => v.rest.length)),
    samplesMs: visits.map((v) => v.firstCardMs),
  };
}

function closestToMedian(visits: Visit[]): Visit {
  const m = median(visits.map((v) => v.firstCardMs));
  return [...visits].sort((a, b) => Math.abs(a.firstCardMs - m) - Math.abs(b.firstCardMs - m))[0]!;
}

export async function benchFirstCard(browser: Browser, shellUrl: string, backendOrigin: string, runs: number): Promise<FirstCardResult> {
  const url = `${shellUrl}/patterns`;
  const cold: Visit[] = [];
  const warm: Visit[] = [];
  let firstEverMs = 0;
  for (let i = 0; i <= runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const first = await visit(await context.newPage(), url, backendOrigin);
      const second = await visit(await context.newPage(), url, backendOrigin);
      if (i === 0)
        firstEverMs = first.firstCardMs; // warm-up: not counted
      else {
        cold.push(first);
        warm.push(second);
      }
    } finally {
      await context.close();
    }
  }
  return { runs, cold: summarize(cold), warm: summarize(warm), firstEverMs, medianColdVisit: closestToMedian(cold), medianWarmVisit: closestToMedian(warm) };
}
