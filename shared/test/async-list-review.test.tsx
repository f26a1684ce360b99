import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AsyncList } from '../src/ui/index.ts';
import { ReviewDecision } from '../src/ui/ReviewQueue.tsx';

const retry = () => {};
const list = (state: Parameters<typeof AsyncList<string>>[0]['state'], reloading?: 'keep' | 'replace') =>
  renderToString(
    <AsyncList state={state} reloading={reloading} failedTitle="Your kits could not be loaded" loading={<p>Loading your kits…</p>} empty={<p>No kits yet.</p>}>
      {(items) => <ul>{items.map((item) => <li key={item}>{item}</li>)}</ul>}
    </AsyncList>,
  );

describe('AsyncList', () => {
  it('shows loading in a busy block until the list is here', () => {
    expect(list({ status: 'loading', data: null, error: null, retry })).toMatch(/<div aria-busy="true"><p>Loading your kits…<\/p><\/div>/);
  });

  it('keeps the last list while reloading, or replaces it when asked', () => {
    const reloading = { status: 'loading' as const, data: ['Linen kit'], error: null, retry };
    expect(list(reloading)).toContain('<li>Linen kit</li>');
    expect(list(reloading, 'replace')).toContain('aria-busy="true"');
    expect(list(reloading, 'replace')).not.toContain('Linen kit');
  });

  it('says when the list is empty, and lists the items otherwise', () => {
    expect(list({ status: 'ready', data: [], error: null, retry })).toBe('<p>No kits yet.</p>');
    expect(list({ status: 'ready', data: ['Linen kit', 'Wool kit'], error: null, retry })).toBe('<ul><li>Linen kit</li><li>Wool kit</li></ul>');
  });

  it('shows the failure with its title, a readable message and a retry', () => {
    const out = list({ status: 'error', data: ['Linen kit'], error: { message: 'Failed to fetch', status: 0 }, retry });
    expect(out).toContain('role="alert"');
    expect(out).toContain('Your kits could not be loaded');
    expect(out).toContain('Try again');
    expect(out).not.toContain('Linen kit');
  });
});

describe('ReviewDecision', () => {
  const decide = async () => ({ emailed: true });
  it('labels the reason and names the buttons after the applicant where several are open', () => {
    const out = renderToString(<ReviewDecision name="Sew Along Weekly" decide={decide} onDecided={() => {}} reasonId="reason-1" reasonLabel="Reason for Sew Along Weekly" namedButtons />);
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
