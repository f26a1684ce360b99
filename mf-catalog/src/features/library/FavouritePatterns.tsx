import { errorMessage, href } from '@stitchhouse/shared';
import { Alert, Button, EmptyState, LinkButton, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { myFavourites } from '../../api/social.ts';
import { PatternCard } from '../shared/PatternCard.tsx';
import { useFavouriteIds } from '../shared/favouriteIds.ts';
import * as styles from './Library.module.css';

/** The library's "Favourites": patterns the member saved with the heart, newest first. */
export function FavouritePatterns({ userId }: { userId: string }) {
  const ids = useFavouriteIds(userId);
  // a heart taken away here (or anywhere on the page) reloads the list
  const key = `${userId}|${[...ids].sort().join(',')}`;
  const favourites = useAsync(key, () => myFavourites());
  return (
    <section aria-labelledby="favourites-title" data-testid="library-favourites">
      <h2 id="favourites-title">Favourites</h2>
      {favourites.status === 'error' && !favourites.data ? (
        <Alert tone="danger" title="Your favourites could not be loaded" actions={<Button size="small" onClick={favourites.retry}>Try again</Button>}>
          {errorMessage(favourites.error)}
        </Alert>
      ) : !favourites.data ? (
        <div aria-busy="true" aria-label="Loading your favourites"><Skeleton shape="block" height="8rem" /></div>
      ) : favourites.data.length === 0 ? (
        <EmptyState title="No favourites yet" headingLevel={3} actions={<LinkButton to={href('/patterns')}>Browse patterns</LinkButton>}>
          Tap the heart on a pattern to keep it here for later.
        </EmptyState>
      ) : (
        <ul className={styles.favourites} aria-label="Your favourite patterns">
          {favourites.data.map((pattern) => (
            <li key={pattern.id}><PatternCard pattern={pattern} headingLevel={3} /></li>
          ))}
        </ul>
      )}
    </section>
  );
}
