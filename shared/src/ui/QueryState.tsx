import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { serverMessage } from '../errors.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { Skeleton } from './Skeleton.tsx';
// the runtime itself, not a hook: QueryState is also called as a plain function (a screen's test reads its element)
import { i18n } from '../i18n/index.ts';
import * as styles from './QueryState.module.css';

/** What QueryState reads of a query (a `useQuery` result; only these fields). */
export type QueryStateQuery<T> = Pick<UseQueryResult<T>, 'status' | 'data' | 'error' | 'fetchStatus' | 'refetch'>;

export interface QueryStateProps<T> {
  query: QueryStateQuery<T>;
  /** Shown, in a region marked busy, until the data is here. Default: grey rows (`rows` of them). */
  skeleton?: ReactNode;
  /** The default skeleton's number of rows (3). */
  rows?: number;
  /** What the busy region says it is loading ("Loading your purchases"), for assistive tech. */
  loadingLabel?: string;
  /** The alert's title when the data cannot be loaded, e.g. "Your kits could not be loaded". */
  errorTitle?: string;
  /** Shown instead of `children` when the data has nothing in it, with the next useful step. */
  empty?: ReactNode;
  /** Whether the data counts as empty (default: an empty array). */
  isEmpty?: (data: T) => boolean;
  /** When a refetch (a poll) fails while data is shown: keep showing it instead of the alert. */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * A read's states in one place: the failure with its message (`serverMessage`: a refusal our SQL
 * raised on purpose reads as written) and a retry that refetches, loading, empty, and the data.
 * A retry shows the last data, or the skeleton, while it runs.
 */
export function QueryState<T>({
  query,
  skeleton,
  rows = 3,
  loadingLabel,
  errorTitle,
  empty,
  isEmpty = emptyArray,
  keepDataOnError = false,
  children,
}: QueryStateProps<T>) {
  const retrying = query.status === 'error' && query.fetchStatus === 'fetching';
  if (query.status === 'error' && !retrying && !(keepDataOnError && query.data !== undefined)) {
    return (
      <Alert
        tone="danger"
        title={errorTitle ?? i18n._('shared.query.errorTitle')}
        actions={
          <Button size="small" variant="secondary" onClick={() => void query.refetch()}>
            {i18n._('shared.query.tryAgain')}
          </Button>
        }
      >
        {serverMessage(query.error).message}
      </Alert>
    );
  }
  if (query.data === undefined) {
    return (
      <div aria-busy="true" aria-label={loadingLabel}>
        {skeleton ?? (
          <div className={styles.rows}>
            {Array.from({ length: rows }, (_, i) => (
              <Skeleton key={i} shape="block" height="3.5rem" />
            ))}
          </div>
        )}
      </div>
    );
  }
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
