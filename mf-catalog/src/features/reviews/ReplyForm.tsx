import { useLingui } from '@lingui/react';
import { errorMessage } from '@stitchhouse/shared';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Button, TextArea } from '@stitchhouse/shared/ui/index.ts';
import * as z from '@stitchhouse/shared/zod.ts';
import { replyToReview } from '../../api/reviews.ts';
import * as styles from './Reviews.module.css';

// saved as typed; only the check looks past the spaces
const replySchema = z.object({ body: z.string().refine((body) => body.trim().length > 0, /*i18n*/ 'catalog.reviews.reply.required') });

/** The designer's one reply to a review (loaded when they open it: most visitors never reply). */
export function ReplyForm({ reviewId, storeId, onReplied, onCancel }: { reviewId: string; storeId: string; onReplied(): void; onCancel(): void }) {
  const { i18n } = useLingui();
  const form = useZodForm(replySchema, { body: '' });
  const submit = form.onSubmit(async ({ body }) => {
    try {
      await replyToReview(reviewId, storeId, body);
      onReplied();
    } catch (failure) {
      form.rhf.setError('body', { type: 'server', message: errorMessage(failure) });
    }
  });
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label={i18n._('catalog.reviews.reply.label')}>
      <TextArea
        label={i18n._('catalog.reviews.reply.field')}
        rows={3}
        maxLength={2000}
        autoFocus
        {...form.field('body')}
        error={form.errors.body && i18n._(form.errors.body)}
      />
      <div className={styles.actions}>
        <Button type="submit" size="small" busy={form.busy} busyLabel={i18n._('catalog.reviews.reply.posting')}>
          {i18n._('catalog.reviews.reply.post')}
        </Button>
        <Button size="small" variant="secondary" onClick={onCancel}>
          {i18n._('catalog.common.cancel')}
        </Button>
      </div>
    </form>
  );
}
