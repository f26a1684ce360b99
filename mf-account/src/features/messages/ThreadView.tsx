import { href } from '@stitchhouse/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { Card, QueryState, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { markThreadRead, messageKeys, sendMessage, threadMessages, type Thread } from '../../api/messages.ts';
import { Composer } from './Composer.tsx';
import * as layout from '../layout/account.module.css';
import * as styles from './messages.module.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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
  const name = (side: string) => (side === mine ? 'You' : thread.otherParty);
  const about = thread.patternTitle;

  return (
    <div className={styles.thread}>
      <Card as="section" className={layout.section} aria-labelledby="thread-title">
        <h2 id="thread-title">{mine === 'store' ? `${thread.otherParty} asked ${thread.storeName}` : `You and ${thread.storeName}`}</h2>
        <p className={styles.meta}>
          {about && thread.patternId ? (
            <>
              About <Link to={href('/patterns/:productId', { productId: thread.patternId })}>{about}</Link> ·{' '}
            </>
          ) : null}
          <Link to={href('/account/messages')}>All messages</Link>
        </p>
        <QueryState
          query={state}
          errorTitle="The messages could not be loaded"
          skeleton={<Spinner label="Loading the messages…" showLabel />}
          empty={<p className={styles.muted}>No messages in this conversation yet.</p>}
        >
          {(messages) => (
            <ol className={styles.messages} aria-label="Messages" data-testid="messages">
              {messages.map((m) => (
                <li
                  key={m.id}
                  tabIndex={-1}
                  data-message-id={m.id}
                  aria-label={`${name(m.side)}, ${when(m.createdAt)}`}
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
        <h2 id="reply-title">{mine === 'store' ? 'Answer' : 'Write to the designer'}</h2>
        <Composer
          label={mine === 'store' ? `Your answer to ${thread.otherParty}` : `Your message to ${thread.storeName}`}
          submitLabel="Send"
          onSend={async (body) => {
            const sent = await sendMessage({ thread_id: thread.id, body });
            setFocusId(sent.message_id);
            setStatus(`Message sent${sent.emailed ? `; ${thread.otherParty} gets an email` : ''}.`);
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
