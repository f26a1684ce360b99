// @ts-check
// The part of TanStack Query a remote may import. The shell provides exactly this surface to the
// remotes (shell/src/federation/reactQuery.ts) as the page's one @tanstack/react-query, so its
// QueryClient context is shared, and only these names are downloaded with a remote's first screen
// (the whole package is about twice the size). Clients and providers belong to
// shared/src/query/client.ts. A remote build that imports anything else fails (assertReactQuerySurface)
// instead of crashing at runtime with an undefined export: add the name here and to reactQuery.ts.
export const REACT_QUERY_SURFACE = ['keepPreviousData', 'useQuery', 'useQueryClient'];
