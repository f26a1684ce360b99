import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { UNSAFE_createBrowserHistory, unstable_HistoryRouter as HistoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
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
import { leavesForNewRelease } from './federation/skew.ts';
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

/** The shell's routes, built from the route contract (once, before the first render). */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: (
        <SessionGate>
          <Layout />
        </SessionGate>
      ),
      children: [...ROUTES.map(routeObject), { path: '*', element: <NotFoundPage /> }],
    },
  ];
}

type BrowserHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/**
 * The browser's history, asking the skew guard before each navigation the page makes: a link, a
 * navigate(), and back or forward (the address has changed by then; the guard loads it afresh).
 */
function guardedHistory(): BrowserHistory {
  const history = UNSAFE_createBrowserHistory({ v5Compat: true });
  const { push, replace, listen } = history;
  const leaves = (to: Parameters<BrowserHistory['push']>[0]) => leavesForNewRelease(new URL(history.createHref(to), window.location.href).href);
  history.push = (to, ...rest) => {
    if (!leaves(to)) push(to, ...rest);
  };
  history.replace = (to, ...rest) => {
    if (!leaves(to)) replace(to, ...rest);
  };
  history.listen = (listener) =>
    listen((update) => {
      if (update.action === 'POP' && leaves(update.location)) return;
      listener(update);
    });
  return history;
}

interface FrameBoundaryProps {
  pathname: string;
  children: ReactNode;
}

/** Last resort when the frame itself fails (remote failures never get here); the next navigation tries again. */
class FrameBoundary extends Component<FrameBoundaryProps, { error: unknown; pathname: string }> {
  state = { error: null as unknown, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: FrameBoundaryProps, state: { error: unknown; pathname: string }) {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('the page frame failed', error, info.componentStack);
  }

  render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

function Frame({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const screen = useRoutes(routes);
  return <FrameBoundary pathname={pathname}>{screen}</FrameBoundary>;
}

/**
 * The shell's router: react-router's declarative router over the browser's history. Its data
 * router (loaders, actions, fetchers) would add ~19 KB gzip to every page and nothing here uses it.
 * Navigations render as transitions.
 */
export function AppRouter({ routes }: { routes: RouteObject[] }) {
  const [history] = useState(guardedHistory);
  return (
    <HistoryRouter history={history}>
      <Frame routes={routes} />
    </HistoryRouter>
  );
}
