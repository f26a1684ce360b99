import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryState, type QueryStateQuery } from '../src/ui/index.ts';
import { ReviewDecision } from '../src/ui/ReviewQueue.tsx';

// A list's states in QueryState (shared/src/ui/QueryState.tsx): busy, kept or replaced on reload,
// empty, failed with a retry, as query results. A reload that keeps the list is a refetch of the same key (or placeholderData);
// one that replaces it is a new key without data yet.
type ListState =
  | { status: 'loading'; data: string[] | null; error: null }
  | { status: 'ready'; data: string[]; error: null }
  | { status: 'error'; data: string[] | null; error: unknown };
const refetch = (() => Promise.resolve()) as unknown as QueryStateQuery<string[]>['refetch'];
const asQuery = (state: ListState, reloading: 'keep' | 'replace' = 'keep'): QueryStateQuery<string[]> => {
  const data = state.status === 'loading' && reloading === 'replace' ? undefined : (state.data ?? undefined);
  const status = state.status === 'error' ? 'error' : data === undefined ? 'pending' : 'success';
  return { status, data, error: state.error, fetchStatus: state.status === 'loading' ? 'fetching' : 'idle', refetch } as QueryStateQuery<string[]>;
};
const list = (state: ListState, reloading?: 'keep' | 'replace') =>
  renderToString(
    <QueryState query={asQuery(state, reloading)} errorTitle="Your kits could not be loaded" skeleton={<p>Loading your kits…</p>} empty={<p>No kits yet.</p>}>
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

describe('QueryState, the list states (what AsyncList showed)', () => {
  it('shows loading in a busy block until the list is here', () => {
    expect(list({ status: 'loading', data: null, error: null })).toMatch(/<div aria-busy="true"><p>Loading your kits…<\/p><\/div>/);
  });

  it('keeps the last list while reloading, or replaces it when asked', () => {
    const reloading = { status: 'loading' as const, data: ['Linen kit'], error: null };
    expect(list(reloading)).toContain('<li>Linen kit</li>');
    expect(list(reloading, 'replace')).toContain('aria-busy="true"');
    expect(list(reloading, 'replace')).not.toContain('Linen kit');
  });

  it('says when the list is empty, and lists the items otherwise', () => {
    expect(list({ status: 'ready', data: [], error: null })).toBe('<p>No kits yet.</p>');
    expect(list({ status: 'ready', data: ['Linen kit', 'Wool kit'], error: null })).toBe('<ul><li>Linen kit</li><li>Wool kit</li></ul>');
  });

  it('shows the failure with its title, a readable message and a retry', () => {
    const out = list({ status: 'error', data: ['Linen kit'], error: { message: 'Failed to fetch', status: 0 } });
    expect(out).toContain('role="alert"');
    expect(out).toContain('Your kits could not be loaded');
    expect(out).toContain('Try again');
    expect(out).not.toContain('Linen kit');
  });
});

describe('ReviewDecision', () => {
  const decide = async () => ({ emailed: true });
  it('labels the reason and names the buttons after the applicant where several are open', () => {
    const out = renderToString(
      <ReviewDecision
        name="Sew Along Weekly"
        decide={decide}
        onDecided={() => {}}
        reasonId="reason-1"
        reasonLabel="Reason for Sew Along Weekly"
        namedButtons
      />,
    );
    expect(out).toMatch(/<label[^>]*for="reason-1"[^>]*>Reason for Sew Along Weekly/);
    expect(out).toContain('aria-label="Approve Sew Along Weekly"');
    expect(out).toContain('aria-label="Reject Sew Along Weekly"');
  });

  it('leaves the buttons plainly named otherwise', () => {
    const out = renderToString(<ReviewDecision name="Stoffladen Sabine" decide={decide} onDecided={() => {}} reasonId="reason-2" reasonLabel="Reason" />);
    expect(out).not.toContain('aria-label="Approve');
    expect(out).toMatch(/>Approve<\/button>/);
    expect(out).toMatch(/>Reject<\/button>/);
  });
});
