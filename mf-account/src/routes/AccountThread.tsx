import { href } from '@stitchhouse/shared';
import { useLocation, useParams } from 'react-router';
import type { Session } from '@supabase/supabase-js';
import { EmptyState, LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { listThreads } from '../api/messages.ts';
import { AccountPage } from '../features/layout/AccountPage.tsx';
import { LoadingOrFailed } from '../features/layout/LoadingOrFailed.tsx';
import { ThreadView } from '../features/messages/ThreadView.tsx';

/** /account/messages/:threadId: one conversation, for its buyer or the store it was sent to (the link of the new-message mail). */
export default function AccountThread() {
  const { threadId = '' } = useParams();
  return (
    <AccountPage title="Conversation" path={href('/account/messages/:threadId', { threadId })}>
      {(session) => <Conversation session={session} threadId={threadId} />}
    </AccountPage>
  );
}

function Conversation({ session, threadId }: { session: Session; threadId: string }) {
  const location = useLocation();
  const focusMessage = (location.state as { focusMessage?: string } | null)?.focusMessage ?? null;
  // row-level security lists only the caller's own conversations: another's id is simply not there
  const state = useAsync(`${session.user.id}|${threadId}`, async () => (await listThreads()).find((t) => t.id === threadId) ?? null);
  if (state.status === 'error' || (state.data === null && state.status === 'loading')) {
    return <LoadingOrFailed state={state} failedTitle="The conversation could not be loaded" loadingLabel="Loading the conversation…" />;
  }
  if (!state.data) {
    return (
      <EmptyState title="Conversation not found" actions={<LinkButton to={href('/account/messages')}>All messages</LinkButton>}>
        It may have been removed, or it belongs to another account. Signed in with another account? Sign out and open the link again.
      </EmptyState>
    );
  }
  return <ThreadView key={threadId} thread={state.data} focusMessageId={focusMessage} />;
}
