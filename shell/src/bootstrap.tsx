import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadRuntimeConfig } from '@stitchhouse/shared';
import { afterFirstPaint } from './federation/afterPaint.ts';
import { federation } from './federation/remotes.ts';
import { createAppRouter } from './router.tsx';

// Runtime config first (no-store, written per environment), then render. Failing
// does not stop the page: marketing pages need no config.
const config = await loadRuntimeConfig().then(
  () => null,
  (error: unknown) => error,
);
if (config) console.error('Stitchhouse could not load /env.json; sign-in and data will not work.', config);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);

// Remote routes start the federation runtime themselves; after the first paint it
// is warmed up (remotes.json, runtime chunk) so the first remote navigation is quick.
void afterFirstPaint().then(() => federation().catch(() => undefined));
