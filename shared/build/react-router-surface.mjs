// @ts-check
// The part of react-router a remote may import. The shell bundles react-router
// tree-shaken (not through Module Federation) and provides exactly this surface to
// the remotes as the page's one react-router, so its contexts are shared. A remote
// build that imports anything else fails (see assertReactRouterSurface) instead of
// crashing at runtime with an undefined export. Routers themselves (HistoryRouter, BrowserRouter,
// MemoryRouter) belong to the shell, the standalone page and tests. Both page routers are
// declarative, so the data router's hooks (useBlocker, useLoaderData, useRouteError) are not here.
export const REACT_ROUTER_SURFACE = [
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'createSearchParams',
  'generatePath',
  'href',
  'matchPath',
  'useBeforeUnload',
  'useHref',
  'useInRouterContext',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useSearchParams',
];
