import { href } from '@stitchhouse/shared';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { Card, EmptyState, LinkButton, QueryState, Spinner, type QueryStateQuery } from '@stitchhouse/shared/ui/index.ts';
import { askSubject, messageKeys, sendMessage } from '../../api/messages.ts';
import { Composer } from './Composer.tsx';
import { useThreads } from './useThreads.ts';
import * as layout from '../layout/account.module.css';
import * as styles from './messages.module.css';

/**
 * "Ask the designer" (from a pattern page, the library or a store): the first message of a
 * conversation about a pattern or a store. A conversation about it that exists already is
 * opened instead; after sending, the new conversation opens with the focus on the message.
 */
export function NewQuestion({ session, patternId, storeId }: { session: Session; patternId?: string; storeId?: string }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const asked = useQuery({ queryKey: messageKeys.ask(session.user.id, patternId, storeId), queryFn: () => askSubject({ patternId, storeId }) });
  const threads = useThreads(session);
  const subject = asked.data;
  const existing =
    subject && threads.data
      ? (threads.data.find((t) => t.mySide === 'buyer' && t.storeId === subject.storeId && t.patternId === subject.patternId)?.id ?? null)
      : null;

  // (not the conversation this screen just started: that one opens with the focus on the question)
  const started = useRef(false);
  useEffect(() => {
    if (existing && !started.current) void navigate(href('/account/messages/:threadId', { threadId: existing }), { replace: true });
  }, [existing, navigate]);

  const spinner = <Spinner label={i18n._('account.ask.opening')} showLabel />;
  const waiting = (query: QueryStateQuery<unknown>) => (
    <QueryState query={query} errorTitle={i18n._('account.ask.loadError')} skeleton={spinner}>
      {() => null}
    </QueryState>
  );
  if (subject === undefined) return waiting(asked);
  if (threads.data === undefined) return waiting(threads);
  if (existing) return <div aria-busy="true">{spinner}</div>;
  if (!subject) {
    return (
      <EmptyState title={i18n._('account.ask.unavailableTitle')} actions={<LinkButton to={href('/patterns')}>{i18n._('account.ask.browse')}</LinkButton>}>
        <Trans id="account.ask.unavailable" components={{ 0: <Link to={href('/patterns/my-patterns')} /> }} />
      </EmptyState>
    );
  }
  const about = subject.patternTitle ?? subject.storeName;
  return (
    <Card as="section" className={layout.section} aria-labelledby="ask-title">
      <h2 id="ask-title">{i18n._('account.ask.title', { store: subject.storeName, about })}</h2>
      <p className={styles.muted}>{i18n._('account.ask.lead')}</p>
      <Composer
        label={i18n._('account.ask.label', { store: subject.storeName })}
        submitLabel={i18n._('account.ask.send')}
        onSend={async (body) => {
          const sent = await sendMessage(subject.patternId ? { pattern_id: subject.patternId, body } : { store_id: subject.storeId, body });
          started.current = true;
          // the conversation's page finds the new thread in the list it reads again on opening
          void queryClient.invalidateQueries({ queryKey: messageKeys.lists(), refetchType: 'none' });
          void navigate(href('/account/messages/:threadId', { threadId: sent.thread_id }), { state: { focusMessage: sent.message_id } });
        }}
      />
    </Card>
  );
}
