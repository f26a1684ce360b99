import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { matchPath } from 'react-router';
import { loadRuntimeConfig, ROUTES } from '@stitchhouse/shared';
import { afterFirstPaint } from './federation/afterPaint.ts';
import { federation } from './federation/remotes.ts';
import { createAppRouter } from './router.tsx';

// The page renders at once: marketing pages need no config. env.json (no-store, written
// per environment) is read after the first paint, or sooner by whatever needs it first
// (a remote route, the Supabase client) — loadRuntimeConfig() is one load per page.
function reportConfigFailure(error: unknown) {
  console.error('Stitchhouse could not load /env.json; sign-in and data will not work.', error);
}

// Opened directly on a remote's screen: start the remote's chain (runtime, remotes.json,
// env.json) now, in parallel with the first render, instead of when its route renders.
if (ROUTES.some((route) => route.owner !== 'shell' && matchPath(route.path, window.location.pathname))) {
  loadRuntimeConfig().catch(reportConfigFailure);
  federation().catch(() => undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);

// Remote routes start the federation runtime themselves; after the first paint it
// is warmed up (remotes.json, runtime chunk) so the first remote navigation is quick.
void afterFirstPaint().then(() => {
  loadRuntimeConfig().catch(reportConfigFailure);
  federation().catch(() => undefined);
});
