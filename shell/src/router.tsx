import { Suspense, lazy, useEffect, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { useLingui } from '@lingui/react';
import { ROUTES, type AppRoute } from '@stitchhouse/shared';
import { pageTitle } from '@stitchhouse/shared/brand.ts';
import { routeTitle } from '@stitchhouse/shared/routeTitles.ts';
import { catalogLocale, loadCatalogs } from '@stitchhouse/shared/i18n/index.ts';
import Layout from './features/layout/Layout.tsx';
import { RemoteRoute } from './features/remotes/RemoteRoute.tsx';
import { RouteSkeleton } from './features/layout/RouteSkeleton.tsx';
import { RequireAuth } from './features/session/RequireAuth.tsx';
import { SessionGate } from './features/session/SessionGate.tsx';
import { skewGuard } from './federation/skew.ts';
import NotFound from './routes/NotFound.tsx';
import { RouteError } from './routes/RouteError.tsx';
import { pageMessages } from './messages.ts';

// The shell's own pages (marketing and legal), one lazy chunk each so the first
// paint carries only the page asked for. A route of the contract without its page
// file is a mistake the first page load reports (every browser test opens one).
const pages = import.meta.webpackContext('./routes', { recursive: false, regExp: /^\.\/(?!NotFound|RouteError)[A-Z]\w*\.tsx$/, mode: 'lazy' });

function shellPage(route: AppRoute): ComponentType {
  const key = `./${route.module}.tsx`;
  if (!pages.keys().includes(key)) throw new Error(`${route.path} is the shell's, but shell/src/routes/${route.module}.tsx does not exist`);
  // the page's chunk and its catalog (messages.ts), side by side; then, in the page's language, the
  // catalogs its code registered as it ran (shared's form words)
  return lazy(async () => {
    const [page] = await Promise.all([pages(key) as Promise<{ default: ComponentType }>, pageMessages(route.module)]);
    await loadCatalogs(catalogLocale());
    return page;
  });
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return children;
}

/** Any path the contract does not know, titled in the page's language. */
function NotFoundPage() {
  const { i18n } = useLingui();
  return (
    <Titled title={i18n._('shell.notFound.pageTitle')}>
      <NotFound />
    </Titled>
  );
}

/** A contract route's page title, in the page's language (it changes with the language control). */
function RouteTitled({ route, children }: { route: AppRoute; children: ReactNode }) {
  useLingui();
  return <Titled title={routeTitle(route)}>{children}</Titled>;
}

function routeObject(route: AppRoute): RouteObject {
  if (route.owner !== 'shell') {
    const screen = <RemoteRoute route={route} />;
    return { path: route.path, element: <RouteTitled route={route}>{route.signIn ? <RequireAuth>{screen}</RequireAuth> : screen}</RouteTitled> };
  }
  const Page = shellPage(route);
  return {
    path: route.path,
    element: (
      // the page's PageHeading sets its title from the shell's catalog (loaded before the first render)
      <Suspense fallback={<RouteSkeleton />}>
        <Page />
      </Suspense>
    ),
  };
}

/** The shell's router, built from the route contract. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      element: (
        <SessionGate>
          <Layout />
        </SessionGate>
      ),
      errorElement: <RouteError />,
      HydrateFallback: () => null,
      loader: ({ request }) => skewGuard(request.url),
      shouldRevalidate: () => true,
      children: [
        ...ROUTES.map(routeObject),
        {
          path: '*',
          element: <NotFoundPage />,
        },
      ],
    },
  ]);
}
