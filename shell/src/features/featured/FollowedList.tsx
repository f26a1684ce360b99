import { href } from '@stitchhouse/shared';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '@stitchhouse/shared/query/client.ts';
import { EmptyState, LinkButton, QueryState } from '@stitchhouse/shared/ui/index.ts';
import { followedKeys, loadFollowedPatterns } from '../../api/followed.ts';
import { PatternCard } from './FeaturedPatterns.tsx';
import * as styles from './FeaturedPatterns.module.css';
import { useLingui } from '@lingui/react';

/**
 * The followed designers' new patterns, read through the page's query client. A chunk of its own
 * (FollowedPatterns.tsx loads it for a signed-in member), so a visitor's home downloads no TanStack Query.
 */
export default function FollowedList(props: FollowedListProps) {
  return (
    <QueryProvider>
      <FollowedPatternsQuery {...props} />
    </QueryProvider>
  );
}

interface FollowedListProps {
  userId: string;
  /** What the row shows while the patterns load. */
  loading: ReactNode;
}

function FollowedPatternsQuery({ userId, loading }: FollowedListProps) {
  const { i18n } = useLingui();
  const followed = useQuery({ queryKey: followedKeys.newPatterns(userId), queryFn: ({ signal }) => loadFollowedPatterns(signal) });
  return (
    <QueryState
      query={followed}
      skeleton={loading}
      errorTitle={i18n._('shell.followed.errorTitle')}
      empty={
        <EmptyState
          headingLevel={3}
          icon="♡"
          title={i18n._('shell.followed.emptyTitle')}
          actions={
            <LinkButton to={href('/patterns')} variant="secondary">
              {i18n._('shell.followed.emptyAction')}
            </LinkButton>
          }
        >
          <p>{i18n._('shell.followed.emptyBody')}</p>
        </EmptyState>
      }
    >
      {(patterns) => (
        <ul className={styles.grid}>
          {patterns.map((pattern) => (
            <PatternCard key={pattern.id} pattern={pattern} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
