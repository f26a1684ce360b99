import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import type { Thread } from '../../api/messages.ts';
import * as styles from './messages.module.css';

const when = (iso: string, locale: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** The caller's conversations, newest first: with whom, about what, the last words, the unread count. */
export function ThreadList({ threads }: { threads: Thread[] }) {
  const { i18n } = useLingui();
  return (
    <ul className={styles.threads} aria-label={i18n._('account.threads.label')} data-testid="thread-list">
      {threads.map((t) => {
        const about = t.patternTitle ?? t.storeName;
        return (
          <li key={t.id} className={t.unread > 0 ? styles.unreadThread : undefined} data-thread-id={t.id}>
            <Link to={href('/account/messages/:threadId', { threadId: t.id })} className={styles.threadLink}>
              <span className={styles.threadTitle}>
                {about}
                {t.unread > 0 ? (
                  <span className={styles.badge} data-testid="unread-count">
                    {i18n._('account.threads.unread', { count: t.unread })}
                  </span>
                ) : null}
              </span>
              <span className={styles.meta}>
                {t.mySide === 'store'
                  ? i18n._('account.threads.toStore', { from: t.otherParty, store: t.storeName, when: when(t.lastMessageAt, i18n.locale) })
                  : i18n._('account.threads.fromMe', { to: t.otherParty, when: when(t.lastMessageAt, i18n.locale) })}
              </span>
              {t.lastMessage ? (
                <span className={styles.snippet}>{t.lastFrom === t.mySide ? i18n._('account.threads.mine', { message: t.lastMessage }) : t.lastMessage}</span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
