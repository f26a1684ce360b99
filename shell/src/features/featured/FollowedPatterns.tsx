import { useEffect, useId, useState } from 'react';
import { getSupabase, href } from '@stitchhouse/shared';
import { Alert, Button, EmptyState, LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { useLayoutSession } from '../layout/useLayoutSession.ts';
import { PatternCard } from './FeaturedPatterns.tsx';
import type { FeaturedPattern } from '../../api/featuredModel.ts';
import * as styles from './FeaturedPatterns.module.css';

interface FollowedRow {
  id: string; title: string; craft: string; difficulty: number; size_range: string; price_cents: number; currency: string;
  cover_path: string | null; store_name: string; store_slug: string;
}

type State = { status: 'loading' } | { status: 'ready'; patterns: FeaturedPattern[] } | { status: 'error'; message: string };

/** "New from designers you follow": signed-in members only, through the page's one client. */
export async function loadFollowedPatterns(): Promise<FeaturedPattern[]> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.rpc('followed_new_patterns', { p_limit: 8 });
  if (error) throw { error, status };
  return ((data ?? []) as FollowedRow[]).map((r) => ({
    id: r.id, title: r.title, craft: r.craft, difficulty: r.difficulty, sizeRange: r.size_range, priceCents: r.price_cents, currency: r.currency,
    coverPath: r.cover_path || null, storeName: r.store_name, storeSlug: r.store_slug,
  }));
}

export function FollowedPatterns() {
  const { user } = useLayoutSession();
  const userId = (user as { id?: string } | null)?.id ?? null;
  const headingId = useId();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    setState({ status: 'loading' });
    loadFollowedPatterns().then(
      (patterns) => live && setState({ status: 'ready', patterns }),
      async (failure: unknown) => {
        const { errorMessage } = await import('@stitchhouse/shared/errors.ts');
        if (live) setState({ status: 'error', message: errorMessage((failure as { error?: unknown }).error ?? failure) });
      },
    );
    return () => {
      live = false;
    };
  }, [userId, attempt]);
  if (!userId) return null;

  return (
    <section aria-labelledby={headingId} className={styles.section} data-testid="followed-patterns" aria-busy={state.status === 'loading'}>
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading}>New from designers you follow</h2>
      </div>
      {state.status === 'loading' ? <p role="status">Loading new patterns from designers you follow…</p> : null}
      {state.status === 'error' ? (
        <Alert tone="danger" title="New patterns from designers you follow could not be loaded"
          actions={<Button variant="secondary" size="small" onClick={() => setAttempt((n) => n + 1)}>Try again</Button>}>
          <p>{state.message}</p>
        </Alert>
      ) : null}
      {state.status === 'ready' && state.patterns.length === 0 ? (
        <EmptyState headingLevel={3} icon="♡" title="You don’t follow any designers yet"
          actions={<LinkButton to={href('/patterns')} variant="secondary">Find designers in the catalog</LinkButton>}>
          <p>Open a designer’s or shop’s page and choose Follow: their new patterns appear here and in the newsletter.</p>
        </EmptyState>
      ) : null}
      {state.status === 'ready' && state.patterns.length > 0 ? (
        <ul className={styles.grid}>
          {state.patterns.map((pattern) => <PatternCard key={pattern.id} pattern={pattern} />)}
        </ul>
      ) : null}
    </section>
  );
}
