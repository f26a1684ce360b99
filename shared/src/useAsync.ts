// Loading state for one request keyed by its inputs. Screens read server state through TanStack
// Query (query/client.ts); this is left for the shell's account menu, which is in main.js, where
// TanStack Query is not (home's JavaScript budget).
import { startTransition, useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: unknown };

/**
 * Runs `load` whenever `key` changes, cancelling the previous request, and keeps the
 * last data while the next loads (no flash of empty). `retry` runs it again.
 */
export function useAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> & { retry(): void } {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }));
    load(controller.signal).then(
      (data) => {
        // A transition: rendering what arrived (a page of 24 cards) yields to the browser
        // every few milliseconds instead of blocking a phone's main thread in one long task.
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'ready', data, error: null }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ status: 'error', data: previous.data, error }));
      },
    );
    return () => controller.abort();
    // `load` is recreated each render; `key` says when the request changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
