// @ts-check
// The part of react-router a remote may import. The shell bundles react-router
// tree-shaken (not through Module Federation) and provides exactly this surface to
// the remotes as the page's one react-router, so its contexts are shared. A remote
// build that imports anything else fails (see assertReactRouterSurface) instead of
// crashing at runtime with an undefined export. Routers themselves (createBrowserRouter,
// RouterProvider, MemoryRouter) belong to the shell, the standalone page and tests.
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
  'isRouteErrorResponse',
  'matchPath',
  'useBeforeUnload',
  'useBlocker',
  'useHref',
  'useInRouterContext',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useRouteError',
  'useSearchParams',
];
