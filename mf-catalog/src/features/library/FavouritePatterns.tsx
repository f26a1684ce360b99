import { useQuery } from '@tanstack/react-query';
import { href } from '@stitchhouse/shared';
import { EmptyState, LinkButton, QueryState, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { myFavourites, socialKeys } from '../../api/social.ts';
import { PatternCard } from '../shared/PatternCard.tsx';
import * as styles from './Library.module.css';

/** The library's "Favourites": patterns the member saved with the heart, newest first. */
export function FavouritePatterns({ userId }: { userId: string }) {
  // a heart taken away here (or anywhere on the page) reads the list again (FavouriteButton)
  const favourites = useQuery({ queryKey: socialKeys.favourites(userId), queryFn: () => myFavourites() });
  return (
    <section aria-labelledby="favourites-title" data-testid="library-favourites">
      <h2 id="favourites-title">Favourites</h2>
      <QueryState
        query={favourites}
        errorTitle="Your favourites could not be loaded"
        loadingLabel="Loading your favourites"
        keepDataOnError
        skeleton={<Skeleton shape="block" height="8rem" />}
        empty={
          <EmptyState title="No favourites yet" headingLevel={3} actions={<LinkButton to={href('/patterns')}>Browse patterns</LinkButton>}>
            Tap the heart on a pattern to keep it here for later.
          </EmptyState>
        }
      >
        {(patterns) => (
          <ul className={styles.favourites} aria-label="Your favourite patterns">
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
