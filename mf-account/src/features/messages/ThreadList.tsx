import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import type { Thread } from '../../api/messages.ts';
import * as styles from './messages.module.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The caller's conversations, newest first: with whom, about what, the last words, the unread count. */
export function ThreadList({ threads }: { threads: Thread[] }) {
  return (
    <ul className={styles.threads} aria-label="Conversations" data-testid="thread-list">
      {threads.map((t) => {
        const about = t.patternTitle ?? t.storeName;
        const who = t.mySide === 'store' ? `${t.otherParty} → ${t.storeName}` : t.otherParty;
        return (
          <li key={t.id} className={t.unread > 0 ? styles.unreadThread : undefined} data-thread-id={t.id}>
            <Link to={href('/account/messages/:threadId', { threadId: t.id })} className={styles.threadLink}>
              <span className={styles.threadTitle}>
                {about}
                {t.unread > 0 ? (
                  <span className={styles.badge} data-testid="unread-count">
                    {t.unread} unread
                  </span>
                ) : null}
              </span>
              <span className={styles.meta}>
                {t.mySide === 'store' ? 'Question to your store from ' : 'Your question to '}
                {who} · {when(t.lastMessageAt)}
              </span>
              {t.lastMessage ? (
                <span className={styles.snippet}>
                  {t.lastFrom === t.mySide ? 'You: ' : ''}
                  {t.lastMessage}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
