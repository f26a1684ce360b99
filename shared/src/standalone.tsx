import { StrictMode, Suspense, lazy, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Outlet, useRoutes, type RouteObject } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { activateLocale, catalogLocale, i18n, loadCatalogs, pageLocale } from './i18n/index.ts';
import { loadRuntimeConfig } from './config.ts';
import { routeHref, routesOf, type RemoteName } from './routes.ts';
import { pageTitle } from './brand.ts';
import { QueryProvider } from './query/client.ts';
import './ui/tokens.css';

export type ScreenLoader = (module: string) => Promise<{ default: ComponentType }>;

/**
 * A remote on its own origin, without the shell: its own router over its own slice
 * of the route contract. For developing and testing one remote in isolation. The remote's
 * bootstrap imports its src/messages.ts first, so its catalog is there for the page's language.
 */
export async function renderStandalone(owner: RemoteName, loadScreen: ScreenLoader): Promise<void> {
  await loadRuntimeConfig().catch((error: unknown) => {
    // Screens that need data will say so; the page itself still renders.
    console.warn('env.json could not be loaded; backend calls will fail', error);
  });
  await activateLocale(pageLocale()).catch((error: unknown) => console.warn('the page language could not be loaded; showing English', error));
  const routes = routesOf(owner);
  const routeObjects: RouteObject[] = [
    {
      element: <StandaloneFrame owner={owner} />,
      children: [
        ...routes.map((route) => {
          // the catalogs the screen's code registered (an area's) in the page's language before it renders
          const Screen = lazy(async () => {
            const screen = await loadScreen(route.module);
            await loadCatalogs(catalogLocale());
            return screen;
          });
          return {
            path: route.path,
            element: (
              <Suspense fallback={<p role="status">Loading…</p>}>
                <TitledScreen title={route.title} Screen={Screen} />
              </Suspense>
            ),
          };
        }),
        { path: '*', element: <StandaloneIndex owner={owner} /> },
      ],
    },
  ];
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryProvider>
          <BrowserRouter>
            <StandaloneRoutes routes={routeObjects} />
          </BrowserRouter>
        </QueryProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

function StandaloneRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function TitledScreen({ title, Screen }: { title: string; Screen: ComponentType }) {
  document.title = pageTitle(title);
  return <Screen />;
}

function StandaloneFrame({ owner }: { owner: RemoteName }) {
  return (
    <>
      <header style={{ padding: 'var(--space-3, 0.75rem) var(--space-4, 1rem)', borderBottom: '1px solid var(--color-border, #ddd)' }}>
        <strong>{owner}</strong> running on its own · <Link to="/__screens">all screens</Link>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

function StandaloneIndex({ owner }: { owner: RemoteName }) {
  return (
    <section style={{ padding: 'var(--space-4, 1rem)' }}>
      <h1>Screens of {owner}</h1>
      <ul>
        {routesOf(owner).map((route) => (
          <li key={route.path}>
            <Link to={routeHref(route)}>{route.title}</Link> <code>{route.path}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
