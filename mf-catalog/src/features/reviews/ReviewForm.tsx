import { useId, useState } from 'react';
import { errorMessage } from '@stitchhouse/shared';
import { Alert, Button, Progress, TextArea } from '@stitchhouse/shared/ui/index.ts';
import { signUpload, uploadWithProgress } from '@stitchhouse/shared/storage/uploadWithProgress.ts';
import { reviewPhotoPath, saveReview, type ReviewStanding } from '../../api/reviews.ts';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { publicImageUrl } from '../shared/images.ts';
import { REVIEW_MAX_LENGTH, reviewFormSchema } from './reviewSchema.ts';
import * as styles from './Reviews.module.css';

const MAX_PHOTOS = 4;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Stars (a radio group), text and up to four photos of the make; writes or edits the one review. */
export function ReviewForm({
  patternId,
  userId,
  standing,
  onSaved,
  onCancel,
}: {
  patternId: string;
  userId: string;
  standing: ReviewStanding;
  onSaved(): void;
  onCancel?(): void;
}) {
  const id = useId();
  // no error summary: the first wrong field (the first star, or the text) takes the focus
  const form = useZodForm(reviewFormSchema, { rating: String(standing.myReview?.rating ?? ''), body: standing.myReview?.body ?? '' }, { focus: 'field' });
  const { errors } = form;
  const [photos, setPhotos] = useState<string[]>(standing.myReview?.photoPaths ?? []);
  const [photoError, setPhotoError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ name: string; sent: number; total: number } | null>(null);

  async function addPhotos(files: FileList | null) {
    if (!files) return;
    setPhotoError(undefined);
    for (const file of Array.from(files)) {
      if (photos.length >= MAX_PHOTOS) {
        setPhotoError(`Up to ${MAX_PHOTOS} photos per review.`);
        return;
      }
      if (!PHOTO_TYPES.includes(file.type)) {
        setPhotoError(`${file.name}: use a JPEG, PNG or WebP photo.`);
        continue;
      }
      if (file.size > MAX_PHOTO_BYTES) {
        setPhotoError(`${file.name} is over 10 MB.`);
        continue;
      }
      const path = reviewPhotoPath(patternId, userId, file);
      try {
        setUpload({ name: file.name, sent: 0, total: file.size });
        await uploadWithProgress(await signUpload('review-photos', path), file, (sent, total) => setUpload({ name: file.name, sent, total }));
        setPhotos((p) => [...p, path]);
      } catch (error) {
        setPhotoError(`${file.name}: ${errorMessage(error)}`);
      } finally {
        setUpload(null);
      }
    }
  }

  const submit = form.onSubmit(async ({ rating, body }) => {
    setFailure(null);
    try {
      await saveReview(patternId, standing, { rating, body, photoPaths: photos });
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        setPhotoError(undefined);
        submit(event);
      }}
      noValidate
      aria-label={standing.myReview ? 'Edit your review' : 'Write a review'}
    >
      {failure ? (
        <Alert tone="danger" title="Your review was not saved">
          {failure}
        </Alert>
      ) : null}
      <fieldset className={styles.starInput} aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={styles.starOption}>
            <input type="radio" value={String(n)} {...form.rhf.register('rating')} />
            <span aria-hidden="true">{'★'.repeat(n)}</span>
            <span className={styles.starText}>
              {n} star{n === 1 ? '' : 's'}
            </span>
          </label>
        ))}
        {errors.rating ? (
          <p id={`${id}-rating-error`} className={styles.error}>
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <TextArea
        label="Your review"
        hint="How did it sew up? Fit, instructions, fabric you used."
        required
        maxLength={REVIEW_MAX_LENGTH}
        {...form.field('body')}
      />
      <div className={styles.photos}>
        <label htmlFor={`${id}-photos`} className={styles.photoLabel}>
          Photos of your make (optional, up to {MAX_PHOTOS})
        </label>
        <input
          id={`${id}-photos`}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          multiple
          disabled={upload !== null || photos.length >= MAX_PHOTOS}
          onChange={(e) => {
            void addPhotos(e.target.files);
            e.target.value = '';
          }}
        />
        {upload ? <Progress label={`Uploading ${upload.name}`} value={upload.sent} max={upload.total} /> : null}
        {photoError ? (
          <p className={styles.error} role="alert">
            {photoError}
          </p>
        ) : null}
        {photos.length > 0 ? (
          <ul className={styles.photoList} aria-label="Photos in this review">
            {photos.map((path, i) => (
              <li key={path}>
                <img src={publicImageUrl(path, 'review-photos')} alt={`Your make, ${i + 1} of ${photos.length}`} width={96} height={96} />
                <Button size="small" variant="ghost" onClick={() => setPhotos((p) => p.filter((x) => x !== path))}>
                  Remove photo {i + 1}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button type="submit" busy={form.busy} busyLabel="Saving your review…" disabled={upload !== null}>
          {standing.myReview ? 'Save changes' : 'Post review'}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
