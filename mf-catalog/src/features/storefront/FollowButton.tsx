import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { errorMessage, useSession } from '@stitchhouse/shared';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { Button } from '@stitchhouse/shared/ui/index.ts';
import { followerCount, followsStore, setFollow, socialKeys } from '../../api/social.ts';
import { useMemberOrSignIn } from '../shared/useMemberOrSignIn.ts';
import * as styles from './FollowButton.module.css';

/**
 * Follow a designer or shop (aria-pressed): their new patterns come in the newsletter digest and
 * on the home page. Signed out, it leads to sign-in and back. A store does not follow itself
 * (the database refuses; the button says so).
 */
export function FollowButton({ storeId, storeName }: { storeId: string; storeName: string }) {
  const { session } = useSession();
  const { i18n } = useLingui();
  const userId = session?.user.id ?? null;
  const memberOrSignIn = useMemberOrSignIn();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const state = useQuery({
    queryKey: socialKeys.follow(storeId, userId),
    queryFn: async () => {
      const [following, count] = await Promise.all([userId ? followsStore(storeId) : Promise.resolve(false), followerCount(storeId)]);
      return { following, count };
    },
    // the visitor's answer stays on the button while the member's (once the session is read) comes
    placeholderData: keepPreviousData,
  });
  const following = state.data?.following ?? false;

  async function toggle() {
    setProblem(null);
    if (!(await memberOrSignIn())) return;
    setBusy(true);
    try {
      await setFollow(storeId, !following);
      // the button and the count change once the database says so
      await queryClient.invalidateQueries({ queryKey: socialKeys.follows(storeId) });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.follow}>
      <Button
        variant={following ? 'secondary' : 'primary'}
        size="small"
        aria-pressed={following}
        busy={busy}
        busyLabel={following ? i18n._('catalog.store.follow.unfollowing') : i18n._('catalog.store.follow.following')}
        onClick={toggle}
        data-testid="follow-button"
        disabled={state.isPending}
      >
        {following ? i18n._('catalog.store.follow.followingStore', { store: storeName }) : i18n._('catalog.store.follow.follow', { store: storeName })}
      </Button>
      {state.data ? (
        <span className={styles.count} data-testid="follower-count">
          {i18n._('catalog.store.follow.count', { count: state.data.count })}
        </span>
      ) : null}
      {problem ? (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
      {following ? <p className={styles.hint}>{i18n._('catalog.store.follow.hint')}</p> : null}
    </div>
  );
}
