/**
 * Resolves in a later task of the page: the browser may paint and answer input between two
 * pieces of start-up work instead of running them as one long task (a phone's Total Blocking
 * Time). `scheduler.yield()` where the browser has it (its continuation goes first),
 * else a 0 ms timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the route's content has painted (its main heading is in the page),
 * a frame has been drawn and the browser is idle — or after `timeoutMs` whatever
 * happens — for work that must not compete with the first paint: loading
 * supabase-js for the header's session, starting the federation runtime.
 * One moment per page; each caller resumes in a task of its own.
 */
let idle: Promise<void> | undefined;

const CONTENT = 'main h1';

export function afterFirstPaint(timeoutMs = 3000): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined' || typeof requestAnimationFrame !== 'function' || typeof MutationObserver !== 'function') {
      resolve();
      return;
    }
    const deadline = setTimeout(resolve, timeoutMs);
    const painted = () => {
      // The frame with the content, then idle time.
      requestAnimationFrame(() => {
        const done = () => {
          clearTimeout(deadline);
          resolve();
        };
        if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: 500 });
        else setTimeout(done, 0);
      });
    };
    if (document.querySelector(CONTENT)) {
      painted();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!document.querySelector(CONTENT)) return;
      observer.disconnect();
      painted();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => observer.disconnect(), timeoutMs);
  });
  // Each waiter goes on in a task of its own: the session, env.json and a pattern's view count wait
  // for the same moment and ran as one task.
  return idle.then(nextTask);
}
