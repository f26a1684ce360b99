// The react-router surface the shell provides to remotes (shared/build/react-router-surface.mjs
// lists the same names; a test keeps them equal). Named re-exports keep react-router
// tree-shaken to what the shell and the remotes use: one instance, one set of contexts.
export {
  Await, Form, Link, NavLink, Navigate, Outlet, Route, Routes, ScrollRestoration,
  createPath, createSearchParams, data, generatePath, href, isRouteErrorResponse, matchPath,
  matchRoutes, parsePath, redirect, redirectDocument, replace, resolvePath,
  useActionData, useAsyncError, useAsyncValue, useBeforeUnload, useBlocker, useFetcher, useFetchers,
  useFormAction, useHref, useInRouterContext, useLinkClickHandler, useLoaderData, useLocation,
  useMatch, useMatches, useNavigate, useNavigation, useNavigationType, useOutlet, useOutletContext,
  useParams, useResolvedPath, useRevalidator, useRouteError, useRouteLoaderData, useRoutes,
  useSearchParams, useSubmit, useViewTransitionState,
} from 'react-router';
