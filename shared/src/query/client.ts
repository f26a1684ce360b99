// Server state: every screen reads what the backend holds through TanStack Query, with the one
// QueryClient below (a Module Federation singleton like React: one cache per page, shared by the
// shell and every remote). The shell renders every remote screen inside <QueryProvider>
// (shell/src/features/remotes/RemoteRoute.tsx: the client loads with the first screen, so the
// shell's own pages, home first, download none of TanStack Query); a remote run on its own
// (standalone.tsx) wraps its whole tree. A lazy part of the shell that reads server state renders
// its own <QueryProvider>: the same client, the same cache.
//
// One query-key factory per area, next to its api module, e.g. in mf-payments/src/api/orders.ts:
//
//   export const orderKeys = {
//     all: ['payments', 'orders'] as const,
//     list: (userId: string) => [...orderKeys.all, 'list', userId] as const,
//     detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
//   };
//
// The cache is the page's, shared by every remote: a key starts with its remote's name
// ('payments', 'catalog', 'account'…), so two remotes' "stores" never share an entry of different shapes.
//
// A screen reads with the key and the api call, and renders the four states with <QueryState>
// (shared/src/ui/QueryState.tsx):
//
//   const orders = useQuery({ queryKey: orderKeys.list(userId), queryFn: ({ signal }) => listOrders(userId, signal) });
//   return <QueryState query={orders} errorTitle="Your orders could not be loaded" empty={…}>{(rows) => …}</QueryState>;
//
// After a write, invalidate the area's keys (every screen showing them refetches; none keeps a
// refetch counter):
//
//   await cancelOrder(id);
//   await queryClient.invalidateQueries({ queryKey: orderKeys.all });
//
// (or `useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries(…) })`). Data stays
// fresh for STALE_TIME, so moving between screens that read the same key does not fetch it again.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { describeError } from '../errors.ts';
import { getSessionState, subscribeSession } from '../session.ts';

/** How long what was read counts as fresh: a screen opened again within it shows the cache without a request. */
export const STALE_TIME = 30_000;
/** Retries of a failed read, for failures that may pass (network, 5xx, a timeout), never for a refusal. */
export const MAX_RETRIES = 2;

/**
 * Whether a failed read is tried again: network failures and server errors are (up to MAX_RETRIES),
 * what the person must act on (4xx: not found, no permission, session ended, a PostgREST refusal) is not.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return describeError(error).retryable;
}

/** A new client with the house's defaults (tests and a server render make their own; the page uses `queryClient`). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME,
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4_000),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The page's one client. */
export const queryClient: QueryClient = createQueryClient();

/**
 * What one person read is never shown to the next: when the signed-in user changes (sign-out, another
 * account) every query is reset (active ones read again as the new user, the rest wait for their screen).
 */
export function resetOnUserChange(client: QueryClient): () => void {
  let cachedFor: string | null | undefined;
  const check = () => {
    const { loading, session } = getSessionState();
    if (loading) return;
    const user = session?.user.id ?? null;
    if (cachedFor !== undefined && user !== cachedFor) void client.resetQueries();
    cachedFor = user;
  };
  const stop = subscribeSession(check);
  check();
  return stop;
}
if (typeof window !== 'undefined') resetOnUserChange(queryClient);

/** Gives the tree below it the page's client (or `client`, for a test or a server render). */
export function QueryProvider({ children, client = queryClient }: { children?: ReactNode; client?: QueryClient }) {
  return createElement(QueryClientProvider, { client }, children);
}
