// The TanStack Query surface the shell provides to remotes (shared/build/react-query-surface.mjs
// lists the same names; a test keeps them equal). Named re-exports keep the package tree-shaken to
// what the remotes use: one instance, one QueryClient context (shared/src/query/client.ts).
export { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
