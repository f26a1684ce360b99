import { href } from '@stitchhouse/shared';
import { useLocation, useParams } from 'react-router';
import { useLingui } from '@lingui/react';
import type { Session } from '@supabase/supabase-js';
import { EmptyState, LinkButton, QueryState, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { AccountPage } from '../features/layout/AccountPage.tsx';
import { ThreadView } from '../features/messages/ThreadView.tsx';
import { useThreads } from '../features/messages/useThreads.ts';

/** /account/messages/:threadId: one conversation, for its buyer or the store it was sent to (the link of the new-message mail). */
export default function AccountThread() {
  const { threadId = '' } = useParams();
  const { i18n } = useLingui();
  return (
    <AccountPage title={i18n._('account.thread.title')} path={href('/account/messages/:threadId', { threadId })}>
      {(session) => <Conversation session={session} threadId={threadId} />}
    </AccountPage>
  );
}

function Conversation({ session, threadId }: { session: Session; threadId: string }) {
  const location = useLocation();
  const { i18n } = useLingui();
  const focusMessage = (location.state as { focusMessage?: string } | null)?.focusMessage ?? null;
  // row-level security lists only the caller's own conversations: another's id is simply not there
  const threads = useThreads(session);
  const thread = threads.data?.find((t) => t.id === threadId) ?? null;
  const spinner = <Spinner label={i18n._('account.thread.loading')} showLabel />;
  if (threads.data === undefined) {
    return (
      <QueryState query={threads} errorTitle={i18n._('account.thread.loadError')} skeleton={spinner}>
        {() => null}
      </QueryState>
    );
  }
  // not in a list being read again (one a question just started): the fresh list decides
  if (!thread && threads.isFetching) return <div aria-busy="true">{spinner}</div>;
  if (!thread) {
    return (
      <EmptyState
        title={i18n._('account.thread.notFoundTitle')}
        actions={<LinkButton to={href('/account/messages')}>{i18n._('account.thread.allMessages')}</LinkButton>}
      >
        {i18n._('account.thread.notFound')}
      </EmptyState>
    );
  }
  return <ThreadView key={threadId} thread={thread} focusMessageId={focusMessage} />;
}
