import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n, pageLocale } from '@stitchhouse/shared/i18n/index.ts';
import './messages.ts';
import { matchPath } from 'react-router';
import { loadRuntimeConfig, ROUTES } from '@stitchhouse/shared';
import { afterFirstPaint, nextTask } from '@stitchhouse/shared/afterPaint.ts';
import { federation } from './federation/remotes.ts';
import { AppRouter, appRoutes } from './router.tsx';
import { startScreen } from './features/remotes/RemoteRoute.tsx';
import { screensMayStart } from './features/layout/leadCover.ts';

// The page renders at once: marketing pages need no config. env.json (no-store, written
// per environment) is read after the first paint, or sooner by whatever needs it first
// (a remote route, the Supabase client) — loadRuntimeConfig() is one load per page.
function reportConfigFailure(error: unknown) {
  console.error('Stitchhouse could not load /env.json; sign-in and data will not work.', error);
}

const isRemotePath = (pathname: string) => ROUTES.some((route) => route.owner !== 'shell' && matchPath(route.path, pathname));

function warmUpRemotes() {
  loadRuntimeConfig().catch(reportConfigFailure);
  federation().catch(() => undefined);
}

// Opened directly on a remote's screen: start the remote's chain (runtime, remotes.json,
// env.json and, for a public screen, the screen itself) now, in parallel with the first
// render, instead of when its route renders; on a page that leads with a cover, once the
// skeleton has painted it (features/layout/leadCover.ts).
if (isRemotePath(window.location.pathname)) {
  const opened = window.location.pathname;
  void screensMayStart().then(() => {
    warmUpRemotes();
    // A static segment beats a `:param` one (react-router's ranking): /patterns/search is not a pattern.
    const [route] = ROUTES.filter((candidate) => matchPath(candidate.path, opened)).sort((a, b) => a.path.split(':').length - b.path.split(':').length);
    if (route && route.owner !== 'shell' && !route.signIn) startScreen(route);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The routes (built from the contract) and the first render each start in a
// task of their own after this file's, and the render is a transition: React then yields to the
// browser every few milliseconds instead of holding the main thread for the whole first render (a
// phone's Total Blocking Time). A remote's chain started above meanwhile.
// The page's language (?hl= → saved choice → browser → English): its catalogs (shell and shared,
// hinted by the page server beside main.js) load alongside the router.
const language = activateLocale(pageLocale()).catch((error: unknown) => console.error('the page language could not be loaded; showing English', error));
void nextTask()
  .then(appRoutes)
  .then(async (routes) => {
    await Promise.all([nextTask(), language]);
    const app = createRoot(root);
    startTransition(() => {
      app.render(
        <StrictMode>
          <I18nProvider i18n={i18n}>
            <AppRouter routes={routes} />
          </I18nProvider>
        </StrictMode>,
      );
    });
  });

// Remote routes start the federation runtime themselves. On the shell's own pages it is
// warmed up (remotes.json, runtime chunk) when the visitor points at, touches or focuses a
// link to a remote's screen, not at idle time: a visit that stays on the page does not
// download it. env.json is read after the first paint.
const INTENT = ['pointerover', 'touchstart', 'focusin'] as const;
function onIntent(event: Event) {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || !isRemotePath(link.pathname)) return;
  for (const type of INTENT) document.removeEventListener(type, onIntent, true);
  warmUpRemotes();
}
for (const type of INTENT) document.addEventListener(type, onIntent, { capture: true, passive: true });
void afterFirstPaint().then(() => loadRuntimeConfig().catch(reportConfigFailure));

// A visit through a reseller's link (?ref=CODE): recorded server-side and remembered for checkout
// (last click wins, 30 days: shared/src/partners/referral.ts), after the first paint, in a chunk of its own.
if (/[?&]ref=/i.test(window.location.search)) {
  void afterFirstPaint()
    .then(async () => {
      const [{ captureReferral }, { getReadClient }] = await Promise.all([
        import('@stitchhouse/shared/partners/referral.ts'),
        import('@stitchhouse/shared/publicRest.ts'),
      ]);
      await captureReferral(window.location, getReadClient as Parameters<typeof captureReferral>[1]);
    })
    .catch((error: unknown) => console.warn('The referral link could not be recorded.', error));
}
