import type { KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import { messageBody, MESSAGE_MAX_LENGTH } from '@stitchhouse/shared/contracts/designer-message.ts';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import * as z from '@stitchhouse/shared/zod.ts';
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
const composerSchema = z.object({ body: messageBody });

export function Composer({ label, submitLabel, onSend }: ComposerProps) {
  const { i18n } = useLingui();
  const form = useZodForm(composerSchema, { body: '' });
  const send = form.onSubmit(async ({ body }) => {
    await onSend(body);
    form.rhf.reset({ body: '' });
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  }

  return (
    <form className={styles.composer} onSubmit={send} noValidate>
      <TextArea
        label={label}
        rows={4}
        maxLength={MESSAGE_MAX_LENGTH + 500}
        {...form.field('body')}
        hint={i18n._('account.composer.hint', { max: MESSAGE_MAX_LENGTH })}
        onKeyDown={onKeyDown}
        data-testid="message-body"
      />
      <p className={styles.count} aria-hidden="true">
        {form.values.body.trim().length} / {MESSAGE_MAX_LENGTH}
      </p>
      {form.formError ? (
        <Alert tone="danger" title={i18n._('account.composer.notSent')}>
          {form.formError.message}
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" busy={form.busy} busyLabel={i18n._('account.composer.sending')}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
