import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { href } from '@stitchhouse/shared';
import { EmptyState, LinkButton, QueryState, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { myFavourites, socialKeys } from '../../api/social.ts';
import { PatternCard } from '../pattern-card/PatternCard.tsx';
import * as styles from './Library.module.css';

/** The library's "Favourites": patterns the member saved with the heart, newest first. */
export function FavouritePatterns({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  // a heart taken away here (or anywhere on the page) reads the list again (FavouriteButton)
  const favourites = useQuery({ queryKey: socialKeys.favourites(userId), queryFn: () => myFavourites() });
  return (
    <section aria-labelledby="favourites-title" data-testid="library-favourites">
      <h2 id="favourites-title">{i18n._('catalog.mine.favourites.heading')}</h2>
      <QueryState
        query={favourites}
        errorTitle={i18n._('catalog.mine.favourites.loadError')}
        loadingLabel={i18n._('catalog.mine.favourites.loading')}
        keepDataOnError
        skeleton={<Skeleton shape="block" height="8rem" />}
        empty={
          <EmptyState
            title={i18n._('catalog.mine.favourites.empty')}
            headingLevel={3}
            actions={<LinkButton to={href('/patterns')}>{i18n._('catalog.mine.browse')}</LinkButton>}
          >
            {i18n._('catalog.mine.favourites.emptyText')}
          </EmptyState>
        }
      >
        {(patterns) => (
          <ul className={styles.favourites} aria-label={i18n._('catalog.mine.favourites.label')}>
            {patterns.map((pattern) => (
              <li key={pattern.id}>
                <PatternCard pattern={pattern} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
