// @ts-check
// The part of react-router a remote may import. The shell bundles react-router
// tree-shaken (not through Module Federation) and provides exactly this surface to
// the remotes as the page's one react-router, so its contexts are shared. A remote
// build that imports anything else fails (see assertReactRouterSurface) instead of
// crashing at runtime with an undefined export. Routers themselves (createBrowserRouter,
// RouterProvider, MemoryRouter) belong to the shell, the standalone page and tests.
export const REACT_ROUTER_SURFACE = [
  'Await', 'Form', 'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes', 'ScrollRestoration',
  'createPath', 'createSearchParams', 'data', 'generatePath', 'href', 'isRouteErrorResponse', 'matchPath',
  'matchRoutes', 'parsePath', 'redirect', 'redirectDocument', 'replace', 'resolvePath',
  'useActionData', 'useAsyncError', 'useAsyncValue', 'useBeforeUnload', 'useBlocker', 'useFetcher', 'useFetchers',
  'useFormAction', 'useHref', 'useInRouterContext', 'useLinkClickHandler', 'useLoaderData', 'useLocation',
  'useMatch', 'useMatches', 'useNavigate', 'useNavigation', 'useNavigationType', 'useOutlet', 'useOutletContext',
  'useParams', 'useResolvedPath', 'useRevalidator', 'useRouteError', 'useRouteLoaderData', 'useRoutes',
  'useSearchParams', 'useSubmit', 'useViewTransitionState',
];
