import type { ReactNode } from 'react';
import { serverMessage } from '../form/serverMessage.ts';
import type { AsyncState } from '../useAsync.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';

export interface AsyncListProps<T> {
  state: AsyncState<T[]> & { retry(): void };
  /** The alert's title when the list cannot be loaded, e.g. "Your kits could not be loaded". */
  failedTitle: string;
  /** Shown, in a block marked busy, until the list is here (a spinner, or a line and skeletons). */
  loading: ReactNode;
  /** Shown when the list has nothing in it, with the next useful step. */
  empty: ReactNode;
  /** While a reload runs: keep the last list on screen (default), or show `loading` instead. */
  reloading?: 'keep' | 'replace';
  children: (items: T[]) => ReactNode;
}

/**
 * A list's four states in one place: the failure with its message and a retry, loading,
 * empty, and the items. `serverMessage` words the failure, so a refusal our SQL raised on
 * purpose reads as written.
 */
export function AsyncList<T>({ state, failedTitle, loading, empty, reloading = 'keep', children }: AsyncListProps<T>) {
  if (state.status === 'error') {
    return (
      <Alert tone="danger" title={failedTitle} actions={<Button size="small" variant="secondary" onClick={state.retry}>Try again</Button>}>
        {serverMessage(state.error).message}
      </Alert>
    );
  }
  if (!state.data || (reloading === 'replace' && state.status === 'loading')) return <div aria-busy="true">{loading}</div>;
  if (state.data.length === 0) return <>{empty}</>;
  return <>{children(state.data)}</>;
}
