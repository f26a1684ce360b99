import { href } from '@stitchhouse/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { AsyncList, Card, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { markThreadRead, sendMessage, threadMessages, type Thread } from '../../api/messages.ts';
import { Composer } from './Composer.tsx';
import * as layout from '../layout/account.module.css';
import * as styles from './messages.module.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface ThreadViewProps {
  thread: Thread;
  /** A message to move the focus to once shown (the one just sent from a new question). */
  focusMessageId?: string | null;
  /** Called after the thread was read or a message sent (the list's unread counts change). */
  onChanged?: () => void;
}

/**
 * One conversation: the messages, oldest first, each saying who wrote it and when, and the
 * composer. Opening it marks it read; a sent message is shown and gets the focus, and a live
 * region says it was sent.
 */
export function ThreadView({ thread, focusMessageId = null, onChanged }: ThreadViewProps) {
  const [version, setVersion] = useState(0);
  const [focusId, setFocusId] = useState<string | null>(focusMessageId);
  const [status, setStatus] = useState('');
  const state = useAsync(`${thread.id}|${version}`, () => threadMessages(thread.id));
  const items = useRef(new Map<string, HTMLLIElement>());

  useEffect(() => {
    if (state.status !== 'ready') return;
    markThreadRead(thread.id).then(() => onChanged?.(), () => undefined);
    if (focusId) {
      items.current.get(focusId)?.focus();
      setFocusId(null);
    }
    // marking read once per load of the messages
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.status, state.data, thread.id]);

  const mine = thread.mySide;
  const name = (side: string) => (side === mine ? 'You' : thread.otherParty);
  const about = thread.patternTitle;

  return (
    <div className={styles.thread}>
      <Card as="section" className={layout.section} aria-labelledby="thread-title">
        <h2 id="thread-title">
          {mine === 'store' ? `${thread.otherParty} asked ${thread.storeName}` : `You and ${thread.storeName}`}
        </h2>
        <p className={styles.meta}>
          {about && thread.patternId ? <>About <Link to={href('/patterns/:productId', { productId: thread.patternId })}>{about}</Link> · </> : null}
          <Link to={href('/account/messages')}>All messages</Link>
        </p>
        <AsyncList state={state} failedTitle="The messages could not be loaded"
          loading={<Spinner label="Loading the messages…" showLabel />}
          empty={<p className={styles.muted}>No messages in this conversation yet.</p>}>
          {(messages) => (
            <ol className={styles.messages} aria-label="Messages" data-testid="messages">
              {messages.map((m) => (
                <li key={m.id} tabIndex={-1} data-message-id={m.id} aria-label={`${name(m.side)}, ${when(m.createdAt)}`}
                  className={m.side === mine ? styles.mine : styles.theirs}
                  ref={(el) => {
                    if (el) items.current.set(m.id, el);
                    else items.current.delete(m.id);
                  }}>
                  <p className={styles.from}><strong>{name(m.side)}</strong> <time dateTime={m.createdAt}>{when(m.createdAt)}</time></p>
                  <p className={styles.body}>{m.body}</p>
                </li>
              ))}
            </ol>
          )}
        </AsyncList>
      </Card>
      <Card as="section" className={layout.section} aria-labelledby="reply-title">
        <h2 id="reply-title">{mine === 'store' ? 'Answer' : 'Write to the designer'}</h2>
        <Composer label={mine === 'store' ? `Your answer to ${thread.otherParty}` : `Your message to ${thread.storeName}`}
          submitLabel="Send"
          onSend={async (body) => {
            const sent = await sendMessage({ thread_id: thread.id, body });
            setFocusId(sent.message_id);
            setStatus(`Message sent${sent.emailed ? `; ${thread.otherParty} gets an email` : ''}.`);
            setVersion((v) => v + 1);
          }} />
        <p role="status" className={styles.muted}>{status}</p>
      </Card>
    </div>
  );
}
