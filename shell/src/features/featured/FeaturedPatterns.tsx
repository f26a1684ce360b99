import { href } from '@stitchhouse/shared';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, EmptyState, LinkButton, Skeleton, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { FEATURED_LIMIT, FEATURED_SORTS, type FeaturedPattern, type FeaturedSort } from '../../api/featuredModel.ts';
import { craftLabel, difficultyLabel } from '@stitchhouse/shared/catalog/labels.ts';
import { Price } from '@stitchhouse/shared/currency/index.ts';
import { coverImage } from '@stitchhouse/shared/storage/coverImage.ts';
import * as styles from './FeaturedPatterns.module.css';

export type FeaturedState = { status: 'loading' } | { status: 'ready'; patterns: FeaturedPattern[] } | { status: 'error'; message: string };

export interface FeaturedPatternsProps {
  /** Reads published patterns; rejects with an error the section explains. */
  load: (sort: FeaturedSort, signal: AbortSignal) => Promise<FeaturedPattern[]>;
  /** Turns a failure into a sentence for the visitor (may load the wording first). */
  describeError: (error: unknown) => string | Promise<string>;
}

/** The home page's shelf of published patterns, best-selling or newest. */
export function FeaturedPatterns({ load, describeError }: FeaturedPatternsProps) {
  const [sort, setSort] = useState<FeaturedSort>('best-selling');
  const [state, setState] = useState<FeaturedState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const headingId = useId();

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(sort, controller.signal).then(
      (patterns) => {
        if (!controller.signal.aborted) setState({ status: 'ready', patterns });
      },
      async (error: unknown) => {
        const message = await describeError(error);
        if (!controller.signal.aborted) setState({ status: 'error', message });
      },
    );
    return () => controller.abort();
  }, [load, describeError, sort, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading}>
          Featured patterns
        </h2>
        <div role="group" aria-label="Show" className={styles.sorts}>
          {FEATURED_SORTS.map((option) => (
            <button key={option.value} type="button" aria-pressed={sort === option.value} className={styles.sort} onClick={() => setSort(option.value)}>
              {option.label}
            </button>
          ))}
        </div>
      </div>

      <p role="status" className={styles.status}>
        {statusText(state)}
      </p>
      <div aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? <FeaturedSkeleton /> : null}
        {state.status === 'error' ? (
          <Alert
            tone="danger"
            title="Featured patterns could not be loaded"
            actions={
              <>
                <Button variant="secondary" size="small" onClick={retry}>
                  Try again
                </Button>
                <LinkButton to={href('/patterns')} variant="ghost" size="small">
                  Open the catalog
                </LinkButton>
              </>
            }
          >
            <p>{state.message}</p>
          </Alert>
        ) : null}
        {state.status === 'ready' && state.patterns.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon="✂"
            title="No patterns are published yet"
            actions={
              <>
                <LinkButton to={href('/account/store')}>Open your store</LinkButton>
                <LinkButton to={href('/newsletter')} variant="secondary">
                  Hear when patterns arrive
                </LinkButton>
              </>
            }
          >
            <p>Designers are setting up their stores. Be the first to publish a pattern, or sign up for the newsletter.</p>
          </EmptyState>
        ) : null}
        {state.status === 'ready' && state.patterns.length > 0 ? (
          <>
            <ul className={styles.grid}>
              {state.patterns.map((pattern) => (
                <PatternCard key={pattern.id} pattern={pattern} />
              ))}
            </ul>
            <p className={styles.more}>
              <Link to={href('/patterns')}>Browse the whole catalog</Link>
            </p>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** One pattern on a home-page shelf (also the followed designers' row). */
export function PatternCard({ pattern }: { pattern: FeaturedPattern }) {
  const details = [craftLabel(pattern.craft), difficultyLabel(pattern.difficulty), pattern.sizeRange && `Sizes ${pattern.sizeRange}`].filter(Boolean);
  return (
    <li className={styles.card}>
      <div className={styles.cover}>
        {pattern.coverPath ? (
          // The shelf sits below the home page's fold on a phone: lazy, at the card's width.
          <img {...coverImage(pattern.coverPath, 'wideCard')} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className={styles.noCover} aria-hidden="true">
            ✂
          </span>
        )}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={href('/patterns/:productId', { productId: pattern.id })} className={styles.titleLink}>
            {pattern.title}
          </Link>
        </h3>
        <p className={styles.store}>
          <VisuallyHidden>Designed by </VisuallyHidden>
          <Link to={href('/stores/:slug', { slug: pattern.storeSlug })} className={styles.storeLink}>
            {pattern.storeName}
          </Link>
        </p>
        {details.length > 0 ? <p className={styles.details}>{details.join(' · ')}</p> : null}
        <p className={styles.price}>
          <VisuallyHidden>Price: </VisuallyHidden>
          <Price amount={pattern.priceCents} currency={pattern.currency} />
        </p>
      </div>
    </li>
  );
}

/** One short sentence for screen readers instead of announcing the whole grid. */
export function statusText(state: FeaturedState): string {
  if (state.status === 'loading') return 'Loading featured patterns…';
  if (state.status === 'error') return '';
  const n = state.patterns.length;
  return n === 0 ? 'No patterns are published yet.' : `${n} featured ${n === 1 ? 'pattern' : 'patterns'} shown.`;
}

function FeaturedSkeleton() {
  return (
    <>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: Math.min(4, FEATURED_LIMIT) }, (_, i) => (
          <li key={i} className={styles.card}>
            <Skeleton shape="block" aspectRatio="4 / 5" />
            <div className={styles.body}>
              <Skeleton width="80%" />
              <Skeleton width="50%" />
              <Skeleton width="30%" />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
