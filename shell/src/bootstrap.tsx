import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadRuntimeConfig } from '@stitchhouse/shared';
import { registerRemotesFromJson } from './federation/remotes.ts';
import { createAppRouter } from './router.tsx';

// Runtime config and remotes first (both no-store, both written per environment),
// then render. Neither failing stops the page: marketing pages need neither, and
// remote routes show their own fallback.
const [config] = await Promise.allSettled([loadRuntimeConfig(), registerRemotesFromJson()]);
if (config.status === 'rejected') console.error('Stitchhouse could not load /env.json; sign-in and data will not work.', config.reason);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
