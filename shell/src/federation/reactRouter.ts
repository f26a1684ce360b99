// The react-router surface the shell provides to remotes (shared/build/react-router-surface.mjs
// lists the same names; a test keeps them equal). Named re-exports keep react-router
// tree-shaken to what the shell and the remotes use: one instance, one set of contexts.
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  href,
  matchPath,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router';
