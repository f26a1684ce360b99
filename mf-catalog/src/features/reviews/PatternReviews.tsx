import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { href, useSession } from '@stitchhouse/shared';
import { formatDay } from '@stitchhouse/shared/money.ts';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { Button, EmptyState, QueryState, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { patternKeys } from '../../api/catalog.ts';
import { listReviews, ratingOf, reviewKeys, reviewStanding, type Review } from '../../api/reviews.ts';
import { publicImageUrl } from '../shared/images.ts';
import { RatingLine, Stars } from '../pattern-card/Stars.tsx';
import { ReviewsSection, ReviewsSkeleton } from './ReviewsSection.tsx';
import * as styles from './Reviews.module.css';

/** A review's day: British English as ever, another language in its own convention ("3. Nov. 2026"). */
const dayIn = (value: string, locale: string) => formatDay(value, locale === 'en' ? 'en-GB' : locale);

// Only a buyer who owns the pattern writes a review: the form (and the photo uploader it
// brings from the shell) loads for them alone.
const ReviewForm = lazy(() => import('./ReviewForm.tsx').then((module) => ({ default: module.ReviewForm })));
const ReplyForm = lazy(() => import('./ReplyForm.tsx').then((module) => ({ default: module.ReplyForm })));

export interface ReviewedPattern {
  id: string;
  title: string;
  storeId: string;
  storeOwnerId: string;
}

/** The pattern page's reviews: average, the list with the store's replies, and the buyer's own review form. */
export function PatternReviews({ pattern }: { pattern: ReviewedPattern }) {
  const { i18n } = useLingui();
  const { session } = useSession();
  const userId = session?.user.id ?? null;
  const isAnonymous = session?.user.is_anonymous === true;
  const isOwner = userId !== null && userId === pattern.storeOwnerId;
  const [editing, setEditing] = useState(false);
  // The list is the gallery's too (buyers' photos of their makes): one request for both.
  const reviews = useQuery({ queryKey: reviewKeys.list(pattern.id), queryFn: ({ signal }) => listReviews(pattern.id, signal) });
  const about = useQuery({
    queryKey: reviewKeys.summary(pattern.id, userId),
    queryFn: async ({ signal }) => {
      const [rating, standing] = await Promise.all([
        ratingOf(pattern.id, signal),
        userId && !isOwner && !isAnonymous ? reviewStanding(pattern.id, userId) : Promise.resolve(null),
      ]);
      return { rating, standing };
    },
  });
  const location = useLocation();
  const reload = () => {
    setEditing(false);
    // the list, the average and the member's standing; the pattern's average on its page and cards
    void queryClient.invalidateQueries({ queryKey: reviewKeys.ofPattern(pattern.id) });
    void queryClient.invalidateQueries({ queryKey: patternKeys.all });
  };
  const skeleton = <ReviewsSkeleton busy={false} />;

  return (
    <ReviewsSection>
      <QueryState
        query={about}
        errorTitle={i18n._('catalog.reviews.loadError')}
        loadingLabel={i18n._('catalog.reviews.loading')}
        skeleton={skeleton}
        keepDataOnError
      >
        {({ rating, standing }) => (
          <QueryState
            query={reviews}
            errorTitle={i18n._('catalog.reviews.loadError')}
            loadingLabel={i18n._('catalog.reviews.loading')}
            skeleton={skeleton}
            keepDataOnError
          >
            {(list) => (
              <>
                {rating.count > 0 ? (
                  <p className={styles.summary} data-testid="review-average">
                    <RatingLine average={rating.average} count={rating.count} />
                  </p>
                ) : null}
                {(() => {
                  if (!userId) {
                    return (
                      <p>
                        <Trans id="catalog.reviews.signIn" components={{ 0: <Link to={href('/sign-in', { next: location.pathname })} /> }} />
                      </p>
                    );
                  }
                  if (isOwner || isAnonymous || !standing) return null;
                  if (!standing.entitlementId && !standing.myReview) return <p className={styles.note}>{i18n._('catalog.reviews.ownersOnly')}</p>;
                  if (standing.myReview && !editing) {
                    return (
                      <p>
                        <Button variant="secondary" size="small" onClick={() => setEditing(true)}>
                          {i18n._('catalog.reviews.edit')}
                        </Button>
                      </p>
                    );
                  }
                  if (!standing.entitlementId) return null;
                  return (
                    <div className={styles.yours}>
                      <h3>{standing.myReview ? i18n._('catalog.reviews.edit') : i18n._('catalog.reviews.write')}</h3>
                      <Suspense fallback={<Skeleton shape="block" height="20rem" />}>
                        <ReviewForm
                          patternId={pattern.id}
                          userId={userId}
                          standing={standing}
                          onSaved={reload}
                          onCancel={standing.myReview ? () => setEditing(false) : undefined}
                        />
                      </Suspense>
                    </div>
                  );
                })()}
                {list.length === 0 ? (
                  <EmptyState title={i18n._('catalog.reviews.none')} headingLevel={3}>
                    {i18n._('catalog.reviews.noneText')}
                  </EmptyState>
                ) : (
                  <ol className={styles.list} aria-label={i18n._('catalog.reviews.listLabel', { title: pattern.title })}>
                    {list.map((review) => (
                      <ReviewItem key={review.id} review={review} canReply={isOwner && !review.reply} storeId={pattern.storeId} onReplied={reload} />
                    ))}
                  </ol>
                )}
              </>
            )}
          </QueryState>
        )}
      </QueryState>
    </ReviewsSection>
  );
}

function ReviewItem({ review, canReply, storeId, onReplied }: { review: Review; canReply: boolean; storeId: string; onReplied(): void }) {
  const { i18n } = useLingui();
  return (
    <li className={styles.review} data-testid="review">
      <p className={styles.head}>
        <Stars value={review.rating} label={i18n._('catalog.common.stars', { rating: review.rating })} />
        <strong>{review.authorName}</strong>
        <span className={styles.date}>
          {review.updatedAt !== review.createdAt
            ? i18n._('catalog.reviews.dateEdited', { date: dayIn(review.createdAt, i18n.locale) })
            : dayIn(review.createdAt, i18n.locale)}
        </span>
      </p>
      <p className={styles.body}>{review.body}</p>
      {review.photoPaths.length > 0 ? (
        <ul className={styles.photoList} aria-label={i18n._('catalog.reviews.photosBy', { name: review.authorName })}>
          {review.photoPaths.map((path, i) => (
            <li key={path}>
              <a href={publicImageUrl(path, 'review-photos')} target="_blank" rel="noreferrer">
                <img
                  src={publicImageUrl(path, 'review-photos')}
                  alt={i18n._('catalog.reviews.photoAlt', { name: review.authorName, n: i + 1, count: review.photoPaths.length })}
                  width={96}
                  height={96}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className={styles.reply}>
          <p className={styles.replyHead}>{i18n._('catalog.reviews.replyHead', { date: dayIn(review.reply.at, i18n.locale) })}</p>
          <p>{review.reply.body}</p>
        </div>
      ) : canReply ? (
        <ReplyToggle reviewId={review.id} storeId={storeId} onReplied={onReplied} />
      ) : null}
    </li>
  );
}

/** Reply, then the form (its own chunk with the form library, fetched when the designer opens it). */
function ReplyToggle({ reviewId, storeId, onReplied }: { reviewId: string; storeId: string; onReplied(): void }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button size="small" variant="secondary" onClick={() => setOpen(true)}>
        {i18n._('catalog.reviews.reply')}
      </Button>
    );
  return (
    <Suspense fallback={null}>
      <ReplyForm reviewId={reviewId} storeId={storeId} onReplied={onReplied} onCancel={() => setOpen(false)} />
    </Suspense>
  );
}
