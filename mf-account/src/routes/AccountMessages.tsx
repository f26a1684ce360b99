import { href } from '@stitchhouse/shared';
import { useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import type { Session } from '@supabase/supabase-js';
import { EmptyState, LinkButton, QueryState, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { useThreads } from '../features/messages/useThreads.ts';
import { AccountPage } from '../features/layout/AccountPage.tsx';
import { NewQuestion } from '../features/messages/NewQuestion.tsx';
import { ThreadList } from '../features/messages/ThreadList.tsx';

/**
 * /account/messages: the member's conversations with designers, and a designer's questions from
 * buyers to their store, newest first with unread counts. `?pattern=<id>` (or `?store=<id>`) starts
 * a question ("Ask the designer" on a pattern page or in the library) or opens the one there is.
 */
export default function AccountMessages() {
  const [params] = useSearchParams();
  const patternId = params.get('pattern') ?? undefined;
  const storeId = params.get('store') ?? undefined;
  const path = href('/account/messages', params);
  const { i18n } = useLingui();
  return (
    <AccountPage title={i18n._('account.messages.title')} path={path} lead={i18n._('account.messages.lead')}>
      {(session) => (patternId || storeId ? <NewQuestion session={session} patternId={patternId} storeId={storeId} /> : <Inbox session={session} />)}
    </AccountPage>
  );
}

function Inbox({ session }: { session: Session }) {
  const threads = useThreads(session);
  const { i18n } = useLingui();
  return (
    <QueryState
      query={threads}
      errorTitle={i18n._('account.messages.loadError')}
      skeleton={<Spinner label={i18n._('account.messages.loading')} showLabel />}
      empty={
        <EmptyState
          title={i18n._('account.messages.emptyTitle')}
          actions={
            <LinkButton to={href('/patterns/my-patterns')} variant="secondary">
              {i18n._('account.messages.library')}
            </LinkButton>
          }
        >
          {i18n._('account.messages.empty')}
        </EmptyState>
      }
    >
      {(list) => <ThreadList threads={list} />}
    </QueryState>
  );
}
