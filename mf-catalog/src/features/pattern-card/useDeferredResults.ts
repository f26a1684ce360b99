import { useDeferredValue } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { QueryStateQuery } from '@stitchhouse/shared/ui/index.ts';

export type DeferredResults<T> = QueryStateQuery<T> & {
  /** A request runs, or the screen still shows the previous answer while it renders the new one. */
  loading: boolean;
};

/**
 * A page of cards from a query, for <QueryState>, rendered in the background. A query's answer
 * lands in one synchronous render (useSyncExternalStore); the deferred copy lets React render a
 * page of 24 cards at transition priority, yielding to the browser every few milliseconds,
 * instead of blocking a phone's main thread in one long task.
 */
export function useDeferredResults<T>(query: UseQueryResult<T>): DeferredResults<T> {
  const data = useDeferredValue(query.data);
  return {
    status: query.status,
    data,
    error: query.error,
    fetchStatus: query.fetchStatus,
    refetch: query.refetch,
    loading: query.isFetching || data !== query.data,
  };
}
