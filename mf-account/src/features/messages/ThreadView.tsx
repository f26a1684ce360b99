import { href } from '@stitchhouse/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { Card, QueryState, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { markThreadRead, messageKeys, sendMessage, threadMessages, type Thread } from '../../api/messages.ts';
import { Composer } from './Composer.tsx';
import * as layout from '../layout/account.module.css';
import * as styles from './messages.module.css';

export interface ThreadViewProps {
  thread: Thread;
  /** A message to move the focus to once shown (the one just sent from a new question). */
  focusMessageId?: string | null;
}

/**
 * One conversation: the messages, oldest first, each saying who wrote it and when, and the
 * composer. Opening it marks it read; a sent message is shown and gets the focus, and a live
 * region says it was sent.
 */
export function ThreadView({ thread, focusMessageId = null }: ThreadViewProps) {
  const { i18n } = useLingui();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const [focusId, setFocusId] = useState<string | null>(focusMessageId);
  const [status, setStatus] = useState('');
  const state = useQuery({ queryKey: messageKeys.messages(thread.id), queryFn: () => threadMessages(thread.id) });
  // reading it, or sending, changes the lists' unread counts and last words
  const listsChanged = () => void queryClient.invalidateQueries({ queryKey: messageKeys.lists() });
  const items = useRef(new Map<string, HTMLLIElement>());

  // Each load of the messages marks the thread read and focuses a message waiting for it.
  const messagesShown = useEffectEvent(() => {
    markThreadRead(thread.id).then(listsChanged, () => undefined);
    if (focusId) {
      items.current.get(focusId)?.focus();
      setFocusId(null);
    }
  });
  useEffect(() => {
    if (state.data) messagesShown();
  }, [state.data, thread.id]);

  const mine = thread.mySide;
  const name = (side: string) => (side === mine ? i18n._('account.thread.you') : thread.otherParty);
  const about = thread.patternTitle;

  return (
    <div className={styles.thread}>
      <Card as="section" className={layout.section} aria-labelledby="thread-title">
        <h2 id="thread-title">
          {mine === 'store'
            ? i18n._('account.thread.asked', { from: thread.otherParty, store: thread.storeName })
            : i18n._('account.thread.youAnd', { store: thread.storeName })}
        </h2>
        <p className={styles.meta}>
          {about && thread.patternId ? (
            <>
              <Trans
                id="account.thread.about"
                values={{ pattern: about }}
                components={{ 0: <Link to={href('/patterns/:productId', { productId: thread.patternId })} /> }}
              />{' '}
            </>
          ) : null}
          <Link to={href('/account/messages')}>{i18n._('account.thread.allMessages')}</Link>
        </p>
        <QueryState
          query={state}
          errorTitle={i18n._('account.thread.messagesError')}
          skeleton={<Spinner label={i18n._('account.thread.messagesLoading')} showLabel />}
          empty={<p className={styles.muted}>{i18n._('account.thread.noMessages')}</p>}
        >
          {(messages) => (
            <ol className={styles.messages} aria-label={i18n._('account.messages.title')} data-testid="messages">
              {messages.map((m) => (
                <li
                  key={m.id}
                  tabIndex={-1}
                  data-message-id={m.id}
                  aria-label={i18n._('account.thread.messageLabel', { who: name(m.side), when: when(m.createdAt) })}
                  className={m.side === mine ? styles.mine : styles.theirs}
                  ref={(el) => {
                    if (el) items.current.set(m.id, el);
                    else items.current.delete(m.id);
                  }}
                >
                  <p className={styles.from}>
                    <strong>{name(m.side)}</strong> <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
                  </p>
                  <p className={styles.body}>{m.body}</p>
                </li>
              ))}
            </ol>
          )}
        </QueryState>
      </Card>
      <Card as="section" className={layout.section} aria-labelledby="reply-title">
        <h2 id="reply-title">{mine === 'store' ? i18n._('account.thread.answer') : i18n._('account.thread.write')}</h2>
        <Composer
          label={
            mine === 'store' ? i18n._('account.thread.answerLabel', { to: thread.otherParty }) : i18n._('account.thread.messageTo', { store: thread.storeName })
          }
          submitLabel={i18n._('account.thread.send')}
          onSend={async (body) => {
            const sent = await sendMessage({ thread_id: thread.id, body });
            setFocusId(sent.message_id);
            setStatus(sent.emailed ? i18n._('account.thread.sentEmailed', { to: thread.otherParty }) : i18n._('account.thread.sent'));
            void queryClient.invalidateQueries({ queryKey: messageKeys.messages(thread.id) });
            listsChanged();
          }}
        />
        <p role="status" className={styles.muted}>
          {status}
        </p>
      </Card>
    </div>
  );
}
