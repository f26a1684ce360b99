import { href } from '@stitchhouse/shared';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { Card, EmptyState, LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { askSubject, listThreads, sendMessage } from '../../api/messages.ts';
import { LoadingOrFailed } from '../layout/LoadingOrFailed.tsx';
import { Composer } from './Composer.tsx';
import * as layout from '../layout/account.module.css';
import * as styles from './messages.module.css';

/**
 * "Ask the designer" (from a pattern page, the library or a store): the first message of a
 * conversation about a pattern or a store. A conversation about it that exists already is
 * opened instead; after sending, the new conversation opens with the focus on the message.
 */
export function NewQuestion({ patternId, storeId }: { patternId?: string; storeId?: string }) {
  const navigate = useNavigate();
  const state = useAsync(`${patternId ?? ''}|${storeId ?? ''}`, async () => {
    const [subject, threads] = await Promise.all([askSubject({ patternId, storeId }), listThreads()]);
    const existing = subject
      ? threads.find((t) => t.mySide === 'buyer' && t.storeId === subject.storeId && t.patternId === subject.patternId)
      : undefined;
    return { subject, existing: existing?.id ?? null };
  });

  useEffect(() => {
    if (state.data?.existing) navigate(href('/account/messages/:threadId', { threadId: state.data.existing }), { replace: true });
  }, [state.data?.existing, navigate]);

  if (state.status === 'error' || !state.data || state.data.existing) {
    return <LoadingOrFailed state={state} failedTitle="The question could not be started" loadingLabel="Opening the conversation…" />;
  }
  const { subject } = state.data;
  if (!subject) {
    return (
      <EmptyState title="That pattern is not available" actions={<LinkButton to={href('/patterns')}>Browse patterns</LinkButton>}>
        It may no longer be sold. Patterns in <Link to={href('/patterns/my-patterns')}>your library</Link> can always be asked about.
      </EmptyState>
    );
  }
  const about = subject.patternTitle ?? subject.storeName;
  return (
    <Card as="section" className={layout.section} aria-labelledby="ask-title">
      <h2 id="ask-title">Ask {subject.storeName} about {about}</h2>
      <p className={styles.muted}>
        The designer answers here and you get an email when they do. Neither of you sees the other’s email address.
      </p>
      <Composer label={`Your question to ${subject.storeName}`} submitLabel="Send question"
        onSend={async (body) => {
          const sent = await sendMessage(subject.patternId ? { pattern_id: subject.patternId, body } : { store_id: subject.storeId, body });
          navigate(href('/account/messages/:threadId', { threadId: sent.thread_id }), { state: { focusMessage: sent.message_id } });
        }} />
    </Card>
  );
}
