import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { errorMessage, useSession } from '@stitchhouse/shared';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { cx } from '@stitchhouse/shared/ui/index.ts';
import { socialKeys } from '../../api/social.ts';
import { favouriteIdsOf, loadFavouriteIds, toggleFavourite, useFavouriteIds } from './favouriteIds.ts';
import { useMemberOrSignIn } from '../shared/useMemberOrSignIn.ts';
import * as styles from './FavouriteButton.module.css';

/**
 * A heart toggle (aria-pressed) for a pattern. Signed out, it leads to sign-in and back here.
 * `compact` is the card's round icon button; otherwise a labelled button for the pattern page.
 */
export function FavouriteButton({ patternId, title, compact = false }: { patternId: string; title: string; compact?: boolean }) {
  const { i18n } = useLingui();
  const { session } = useSession();
  const userId = session?.user.id ?? null;
  const favourites = useFavouriteIds(userId);
  const memberOrSignIn = useMemberOrSignIn();
  const [problem, setProblem] = useState<string | null>(null);
  const on = favourites.has(patternId);

  async function toggle() {
    setProblem(null);
    const member = await memberOrSignIn();
    if (!member) return;
    loadFavouriteIds(member); // started by the next render otherwise; a press before the list arrives is kept
    try {
      await toggleFavourite(patternId, !favouriteIdsOf(member).has(patternId));
      // the library's Favourites list reads it again (the heart itself changed at once)
      void queryClient.invalidateQueries({ queryKey: socialKeys.favourites(member) });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  const label = compact
    ? i18n._('catalog.common.favourite.card', { title })
    : on
      ? i18n._('catalog.common.favourite.saved')
      : i18n._('catalog.common.favourite.save');
  return (
    <span className={cx(styles.wrap, compact && styles.compactWrap)}>
      <button
        type="button"
        className={cx(styles.heart, compact && styles.compact, on && styles.on)}
        aria-pressed={on}
        aria-label={compact ? label : undefined}
        title={compact ? (on ? i18n._('catalog.common.favourite.remove', { title }) : i18n._('catalog.common.favourite.saveTitle', { title })) : undefined}
        onClick={toggle}
        data-testid="favourite-button"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-9.2-9.4C1.7 8 3.6 4.5 7.2 4.5c2 0 3.5 1.1 4.8 2.8 1.3-1.7 2.8-2.8 4.8-2.8 3.6 0 5.5 3.5 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4z"
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {compact ? null : <span>{label}</span>}
      </button>
      {problem ? (
        <span role="alert" className={styles.problem}>
          {problem}
        </span>
      ) : null}
    </span>
  );
}
