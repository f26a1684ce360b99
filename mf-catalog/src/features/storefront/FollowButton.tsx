import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
        busyLabel={following ? 'Unfollowing…' : 'Following…'}
        onClick={toggle}
        data-testid="follow-button"
        disabled={state.isPending}
      >
        {following ? `Following ${storeName}` : `Follow ${storeName}`}
      </Button>
      {state.data ? (
        <span className={styles.count} data-testid="follower-count">
          {state.data.count} follower{state.data.count === 1 ? '' : 's'}
        </span>
      ) : null}
      {problem ? (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
      {following ? <p className={styles.hint}>Their new patterns appear on your home page and in the newsletter.</p> : null}
    </div>
  );
}
