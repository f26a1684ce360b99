import { Suspense, lazy, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { remoteApp, remoteModuleId, type AppRoute, type RemoteName } from '@stitchhouse/shared';
import { useLingui } from '@lingui/react';
import { routeTitle } from '@stitchhouse/shared/routeTitles.ts';
import { loadScreen } from '../../federation/loadScreen.ts';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import { RouteSkeleton } from '../layout/RouteSkeleton.tsx';
import { screensMayStart } from '../layout/leadCover.ts';

type Screen = Awaited<ReturnType<typeof loadScreen>>;

/**
 * A remote screen inside the page's QueryClientProvider (shared/src/query/client.ts: one client, one
 * cache for every screen). The client loads with the first screen, not in main.js: the shell's own
 * pages (home) download no TanStack Query.
 */
function withQueries(loading: Promise<Screen>): Promise<Screen> {
  return Promise.all([loading, import('@stitchhouse/shared/query/client.ts')]).then(([{ default: Content }, { QueryProvider }]) => ({
    default: function QueryScreen() {
      return (
        <QueryProvider>
          <Content />
        </QueryProvider>
      );
    },
  }));
}

// One lazy component per screen, so going back to a page does not suspend again.
const firstTry = new Map<string, LazyExoticComponent<ComponentType>>();
// Screens whose load began before the first render (startScreen).
const early = new Map<string, ReturnType<typeof loadScreen>>();

/**
 * Begins loading the screen of the route a visit opens on, before React renders (bootstrap.tsx):
 * the remote's entry and screen are fetched and run while the shell's frame renders, instead of
 * after its route element is reached.
 */
export function startScreen(route: AppRoute): void {
  const moduleId = remoteModuleId(route);
  if (early.has(moduleId) || firstTry.has(moduleId)) return;
  const loading = withQueries(loadScreen(moduleId));
  loading.catch(() => early.delete(moduleId)); // the route's own render tries again
  early.set(moduleId, loading);
}

function lazyScreen(moduleId: string, attempt: number): LazyExoticComponent<ComponentType> {
  if (attempt > 0) return lazy(() => withQueries(loadScreen(moduleId)));
  let screen = firstTry.get(moduleId);
  if (!screen) {
    screen = lazy(() =>
      // A landing page's screen waits for its lead cover to paint (leadCover.ts); startScreen's load too.
      screensMayStart()
        .then(() => early.get(moduleId) ?? withQueries(loadScreen(moduleId)))
        .catch((error: unknown) => {
          early.delete(moduleId);
          firstTry.delete(moduleId); // a later visit tries again
          throw error;
        }),
    );
    firstTry.set(moduleId, screen);
  }
  return screen;
}

/** A contract route rendered by a remote, in its own error boundary and Suspense. */
export function RemoteRoute({ route }: { route: AppRoute }) {
  useLingui(); // the error block's heading follows the language control
  const [attempt, setAttempt] = useState(0);
  const moduleId = remoteModuleId(route);
  const Screen = useMemo(() => lazyScreen(moduleId, attempt), [moduleId, attempt]);
  return (
    <RemoteErrorBoundary
      key={attempt}
      title={routeTitle(route)}
      remote={route.owner}
      label={remoteApp(route.owner as RemoteName).label}
      onRetry={() => setAttempt((n) => n + 1)}
    >
      <Suspense fallback={<RouteSkeleton />}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
