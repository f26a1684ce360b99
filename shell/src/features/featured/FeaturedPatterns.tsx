import { href } from '@stitchhouse/shared';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, EmptyState, LinkButton, Skeleton, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { FEATURED_LIMIT, FEATURED_SORTS, type FeaturedPattern, type FeaturedSort } from '../../api/featuredModel.ts';
import { craftLabel, difficultyLabel } from '@stitchhouse/shared/catalog/labels.ts';
import { Price } from '@stitchhouse/shared/currency/index.ts';
import { coverImage } from '@stitchhouse/shared/storage/coverImage.ts';
import * as styles from './FeaturedPatterns.module.css';
import { useLingui } from '@lingui/react';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';

export type FeaturedState = { status: 'loading' } | { status: 'ready'; patterns: FeaturedPattern[] } | { status: 'error'; message: string };

export interface FeaturedPatternsProps {
  /** Reads published patterns; rejects with an error the section explains. */
  load: (sort: FeaturedSort, signal: AbortSignal) => Promise<FeaturedPattern[]>;
  /** Turns a failure into a sentence for the visitor (may load the wording first). */
  describeError: (error: unknown) => string | Promise<string>;
}

/** The home page's shelf of published patterns, best-selling or newest. */
export function FeaturedPatterns({ load, describeError }: FeaturedPatternsProps) {
  const { i18n } = useLingui();
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
          {i18n._('shell.featured.heading')}
        </h2>
        <div role="group" aria-label={i18n._('shell.featured.sortLabel')} className={styles.sorts}>
          {FEATURED_SORTS.map((option) => (
            <button key={option.value} type="button" aria-pressed={sort === option.value} className={styles.sort} onClick={() => setSort(option.value)}>
              {i18n._(option.label)}
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
            title={i18n._('shell.featured.errorTitle')}
            actions={
              <>
                <Button variant="secondary" size="small" onClick={retry}>
                  {i18n._('shell.featured.tryAgain')}
                </Button>
                <LinkButton to={href('/patterns')} variant="ghost" size="small">
                  {i18n._('shell.featured.openCatalog')}
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
            title={i18n._('shell.featured.emptyTitle')}
            actions={
              <>
                <LinkButton to={href('/account/store')}>{i18n._('shell.featured.emptyOpenStore')}</LinkButton>
                <LinkButton to={href('/newsletter')} variant="secondary">
                  {i18n._('shell.featured.emptyNewsletter')}
                </LinkButton>
              </>
            }
          >
            <p>{i18n._('shell.featured.emptyBody')}</p>
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
              <Link to={href('/patterns')}>{i18n._('shell.featured.browseAll')}</Link>
            </p>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** One pattern on a home-page shelf (also the followed designers' row). */
export function PatternCard({ pattern }: { pattern: FeaturedPattern }) {
  const { i18n } = useLingui();
  const details = [
    craftLabel(pattern.craft),
    difficultyLabel(pattern.difficulty),
    pattern.sizeRange && i18n._('shell.featured.sizes', { range: pattern.sizeRange }),
  ].filter(Boolean);
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
          <VisuallyHidden>{i18n._('shell.featured.designedBy')} </VisuallyHidden>
          <Link to={href('/stores/:slug', { slug: pattern.storeSlug })} className={styles.storeLink}>
            {pattern.storeName}
          </Link>
        </p>
        {details.length > 0 ? <p className={styles.details}>{details.join(' · ')}</p> : null}
        <p className={styles.price}>
          <VisuallyHidden>{i18n._('shell.featured.price')} </VisuallyHidden>
          <Price amount={pattern.priceCents} currency={pattern.currency} />
        </p>
      </div>
    </li>
  );
}

/** One short sentence for screen readers instead of announcing the whole grid. */
export function statusText(state: FeaturedState): string {
  if (state.status === 'loading') return i18n._('shell.featured.statusLoading');
  if (state.status === 'error') return '';
  const count = state.patterns.length;
  return count === 0 ? i18n._('shell.featured.statusEmpty') : i18n._('shell.featured.statusShown', { count });
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
