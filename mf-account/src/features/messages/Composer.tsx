import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { messageBody, MESSAGE_MAX_LENGTH } from '@stitchhouse/shared/contracts/designer-message.ts';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, TextArea } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './messages.module.css';

export interface ComposerProps {
  /** The text box's label, e.g. "Your question to Dana Patterns". */
  label: string;
  submitLabel: string;
  /** Posts the message; a thrown error is shown under the box and the text stays. */
  onSend: (body: string) => Promise<void>;
}

/**
 * The message box: a labelled text area (Ctrl+Enter or ⌘+Enter sends, as the hint says), the
 * length rule of the contract checked before sending, the server's refusal in words, and the
 * text kept when sending fails.
 */
export function Composer({ label, submitLabel, onSend }: ComposerProps) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setProblem(null);
    const parsed = messageBody.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a message first');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSend(parsed.data);
      setBody('');
    } catch (caught) {
      setProblem(serverMessage(caught).message);
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  }

  return (
    <form className={styles.composer} onSubmit={send} noValidate>
      <TextArea label={label} value={body} rows={4} maxLength={MESSAGE_MAX_LENGTH + 500} error={error ?? undefined}
        hint={`Up to ${MESSAGE_MAX_LENGTH} characters; Ctrl+Enter sends. Replies arrive here and by email; no email address is shared.`}
        onChange={(e) => setBody(e.target.value)} onKeyDown={onKeyDown} data-testid="message-body" />
      <p className={styles.count} aria-hidden="true">{body.trim().length} / {MESSAGE_MAX_LENGTH}</p>
      {problem ? <Alert tone="danger" title="The message was not sent">{problem}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit" busy={busy} busyLabel="Sending…">{submitLabel}</Button>
      </div>
    </form>
  );
}
