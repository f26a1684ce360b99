import { QueryObserver, type QueryObserverResult } from '@tanstack/react-query';
import { isValidElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient, shouldRetry, MAX_RETRIES } from '../src/query/client.ts';
import { QueryState, type QueryStateProps } from '../src/ui/index.ts';

const NETWORK_DOWN = { message: 'Failed to fetch', status: 0 };

/** A real query (a QueryObserver on a fresh client, no retries) whose result QueryState renders. */
function kitsQuery(load: () => Promise<string[]>) {
  const client = createQueryClient();
  const observer = new QueryObserver<string[]>(client, { queryKey: ['kits'], queryFn: load, retry: false });
  let latest = observer.getCurrentResult();
  const unsubscribe = observer.subscribe((result) => (latest = result));
  return { current: () => latest, settled: () => observer.refetch().then(() => latest), stop: () => (unsubscribe(), client.clear()) };
}

const props = (query: QueryObserverResult<string[]>, more: Partial<QueryStateProps<string[]>> = {}): QueryStateProps<string[]> => ({
  query,
  errorTitle: 'Your kits could not be loaded',
  loadingLabel: 'Loading your kits',
  empty: <p>No kits yet.</p>,
  children: (items) => (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  ),
  ...more,
});
const render = (p: QueryStateProps<string[]>) => renderToString(<QueryState {...p} />);

describe('QueryState', () => {
  it('shows the skeleton in a labelled busy region until the data is here', () => {
    const query = kitsQuery(() => new Promise(() => {}));
    try {
      expect(query.current().status).toBe('pending');
      const out = render(props(query.current()));
      expect(out).toMatch(/^<div aria-busy="true" aria-label="Loading your kits">/);
      expect(out.match(/aria-hidden="true"/g)).toHaveLength(3);
      expect(render(props(query.current(), { skeleton: <p>Loading your kits…</p> }))).toBe(
        '<div aria-busy="true" aria-label="Loading your kits"><p>Loading your kits…</p></div>',
      );
    } finally {
      query.stop();
    }
  });

  it('shows the failure with its title, a readable message and a retry that refetches', async () => {
    let calls = 0;
    const query = kitsQuery(() => (++calls === 1 ? Promise.reject(NETWORK_DOWN) : Promise.resolve(['Linen kit'])));
    try {
      const failed = await query.settled();
      expect(failed.status).toBe('error');
      const out = render(props(failed));
      expect(out).toContain('role="alert"');
      expect(out).toContain('Your kits could not be loaded');
      expect(out).toContain('We could not reach Stitchhouse');
      expect(out).toMatch(/<button[^>]*>Try again<\/button>/);

      // The alert's button is the retry: pressing it fetches again, and the list shows.
      const alert = QueryState(props(failed)) as ReactElement<{ actions: ReactElement<{ onClick(): void }> }>;
      expect(isValidElement(alert.props.actions)).toBe(true);
      alert.props.actions.props.onClick();
      expect(calls).toBe(2);
      // While the retry runs, the busy region replaces the alert.
      expect(render(props(query.current()))).toContain('aria-busy="true"');
      await query.settled();
      expect(render(props(query.current()))).toBe('<ul><li>Linen kit</li></ul>');
    } finally {
      query.stop();
    }
  });

  it('says when the data is empty (an empty list, or what isEmpty says), and shows the data otherwise', async () => {
    const none = kitsQuery(() => Promise.resolve([]));
    const some = kitsQuery(() => Promise.resolve(['Linen kit', 'Wool kit']));
    try {
      expect(render(props(await none.settled()))).toBe('<p>No kits yet.</p>');
      const listed = await some.settled();
      expect(render(props(listed))).toBe('<ul><li>Linen kit</li><li>Wool kit</li></ul>');
      expect(render(props(listed, { isEmpty: (items) => !items.includes('Cotton kit') }))).toBe('<p>No kits yet.</p>');
      expect(render(props(await none.settled(), { empty: undefined }))).toBe('<ul></ul>');
    } finally {
      none.stop();
      some.stop();
    }
  });
});

describe('the query client retries what may pass, never a refusal', () => {
  it('retries network failures and server errors, up to MAX_RETRIES', () => {
    expect(shouldRetry(0, NETWORK_DOWN)).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(0, { name: 'FunctionCallError', code: 'internal', message: 'Something broke', status: 503 })).toBe(true);
    expect(shouldRetry(MAX_RETRIES, NETWORK_DOWN)).toBe(false);
  });

  it('does not retry 4xx answers or PostgREST refusals the person must act on', () => {
    expect(shouldRetry(0, { code: '42501', message: 'permission denied for table orders', details: null, hint: null })).toBe(false);
    expect(shouldRetry(0, { code: 'PGRST116', message: 'JSON object requested', details: 'The result contains 0 rows', hint: null })).toBe(false);
    expect(shouldRetry(0, { code: 'P0001', message: 'The store address is taken', details: null, hint: null })).toBe(false);
    expect(shouldRetry(0, { name: 'FunctionCallError', code: 'not_found', message: 'No such order', status: 404 })).toBe(false);
    expect(shouldRetry(0, { name: 'FunctionCallError', code: 'rate_limited', message: 'Too many tries', status: 429 })).toBe(false);
  });
});
