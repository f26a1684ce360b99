import { errorMessage } from '@stitchhouse/shared';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Button, TextArea } from '@stitchhouse/shared/ui/index.ts';
import * as z from '@stitchhouse/shared/zod.ts';
import { replyToReview } from '../../api/reviews.ts';
import * as styles from './Reviews.module.css';

// saved as typed; only the check looks past the spaces
const replySchema = z.object({ body: z.string().refine((body) => body.trim().length > 0, 'Write your reply first') });

/** The designer's one reply to a review (loaded when they open it: most visitors never reply). */
export function ReplyForm({ reviewId, storeId, onReplied, onCancel }: { reviewId: string; storeId: string; onReplied(): void; onCancel(): void }) {
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
    <form onSubmit={submit} noValidate className={styles.form} aria-label="Reply to this review">
      <TextArea label="Your reply (you can reply once)" rows={3} maxLength={2000} autoFocus {...form.field('body')} />
      <div className={styles.actions}>
        <Button type="submit" size="small" busy={form.busy} busyLabel="Posting your reply…">
          Post reply
        </Button>
        <Button size="small" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
