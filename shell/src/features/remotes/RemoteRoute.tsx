import { Suspense, lazy, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { remoteApp, remoteModuleId, type AppRoute, type RemoteName } from '@stitchhouse/shared';
import { loadScreen } from '../../federation/loadScreen.ts';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import { RouteSkeleton } from '../layout/RouteSkeleton.tsx';

// One lazy component per screen, so going back to a page does not suspend again.
const firstTry = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyScreen(moduleId: string, attempt: number): LazyExoticComponent<ComponentType> {
  if (attempt > 0) return lazy(() => loadScreen(moduleId));
  let screen = firstTry.get(moduleId);
  if (!screen) {
    screen = lazy(() =>
      loadScreen(moduleId).catch((error: unknown) => {
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
  const [attempt, setAttempt] = useState(0);
  const moduleId = remoteModuleId(route);
  const Screen = useMemo(() => lazyScreen(moduleId, attempt), [moduleId, attempt]);
  return (
    <RemoteErrorBoundary key={attempt} title={route.title} label={remoteApp(route.owner as RemoteName).label} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<RouteSkeleton />}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
