import { useId, useState } from 'react';
import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
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
        setPhotoError(i18n._('catalog.reviews.form.tooManyPhotos', { max: MAX_PHOTOS }));
        return;
      }
      if (!PHOTO_TYPES.includes(file.type)) {
        setPhotoError(i18n._('catalog.reviews.form.photoType', { file: file.name }));
        continue;
      }
      if (file.size > MAX_PHOTO_BYTES) {
        setPhotoError(i18n._('catalog.reviews.form.photoSize', { file: file.name }));
        continue;
      }
      const path = reviewPhotoPath(patternId, userId, file);
      try {
        setUpload({ name: file.name, sent: 0, total: file.size });
        await uploadWithProgress(await signUpload('review-photos', path), file, (sent, total) => setUpload({ name: file.name, sent, total }));
        setPhotos((p) => [...p, path]);
      } catch (error) {
        setPhotoError(i18n._('catalog.reviews.form.photoFailed', { file: file.name, reason: errorMessage(error) }));
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
      aria-label={standing.myReview ? i18n._('catalog.reviews.edit') : i18n._('catalog.reviews.form.label')}
    >
      {failure ? (
        <Alert tone="danger" title={i18n._('catalog.reviews.form.notSaved')}>
          {failure}
        </Alert>
      ) : null}
      <fieldset className={styles.starInput} aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend>{i18n._('catalog.reviews.form.rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={styles.starOption}>
            <input type="radio" value={String(n)} {...form.rhf.register('rating')} />
            <span aria-hidden="true">{'★'.repeat(n)}</span>
            <span className={styles.starText}>{i18n._('catalog.reviews.form.stars', { count: n })}</span>
          </label>
        ))}
        {errors.rating ? (
          <p id={`${id}-rating-error`} className={styles.error}>
            {i18n._(errors.rating)}
          </p>
        ) : null}
      </fieldset>
      <TextArea
        label={i18n._('catalog.reviews.form.body')}
        hint={i18n._('catalog.reviews.form.bodyHint')}
        required
        maxLength={REVIEW_MAX_LENGTH}
        {...form.field('body')}
        error={errors.body && i18n._(errors.body)}
      />
      <div className={styles.photos}>
        <label htmlFor={`${id}-photos`} className={styles.photoLabel}>
          {i18n._('catalog.reviews.form.photos', { max: MAX_PHOTOS })}
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
        {upload ? <Progress label={i18n._('catalog.reviews.form.uploading', { file: upload.name })} value={upload.sent} max={upload.total} /> : null}
        {photoError ? (
          <p className={styles.error} role="alert">
            {photoError}
          </p>
        ) : null}
        {photos.length > 0 ? (
          <ul className={styles.photoList} aria-label={i18n._('catalog.reviews.form.photoList')}>
            {photos.map((path, i) => (
              <li key={path}>
                <img
                  src={publicImageUrl(path, 'review-photos')}
                  alt={i18n._('catalog.reviews.form.photoAlt', { n: i + 1, count: photos.length })}
                  width={96}
                  height={96}
                />
                <Button size="small" variant="ghost" onClick={() => setPhotos((p) => p.filter((x) => x !== path))}>
                  {i18n._('catalog.reviews.form.removePhoto', { n: i + 1 })}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button type="submit" busy={form.busy} busyLabel={i18n._('catalog.reviews.form.saving')} disabled={upload !== null}>
          {standing.myReview ? i18n._('catalog.reviews.form.save') : i18n._('catalog.reviews.form.post')}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {i18n._('catalog.common.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
