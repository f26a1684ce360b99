import { href } from '@stitchhouse/shared';
import { useSearchParams } from 'react-router';
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
  return (
    <AccountPage title="Messages" path={path} lead="Questions to designers and their answers. No email addresses are shared.">
      {(session) => (patternId || storeId ? <NewQuestion session={session} patternId={patternId} storeId={storeId} /> : <Inbox session={session} />)}
    </AccountPage>
  );
}

function Inbox({ session }: { session: Session }) {
  const threads = useThreads(session);
  return (
    <QueryState
      query={threads}
      errorTitle="Your messages could not be loaded"
      skeleton={<Spinner label="Loading your messages…" showLabel />}
      empty={
        <EmptyState
          title="No messages yet"
          actions={
            <LinkButton to={href('/patterns/my-patterns')} variant="secondary">
              Your library
            </LinkButton>
          }
        >
          Ask a designer about a pattern with “Ask the designer” on its page or in your library. Buyers’ questions to your store appear here too.
        </EmptyState>
      }
    >
      {(list) => <ThreadList threads={list} />}
    </QueryState>
  );
}
