import { href } from '@stitchhouse/shared';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '@stitchhouse/shared/query/client.ts';
import { Alert, Button, LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { NewsletterError, confirmSubscription, newsletterKeys } from '../../api/newsletter.ts';
import { SubscribeForm } from './SubscribeForm.tsx';
import * as styles from './Newsletter.module.css';

interface ConfirmAnswerProps {
  token: string;
  /** Shown while the server confirms. */
  working: ReactNode;
}

/** The confirmation's answer, asked once per token through the page's query client (ConfirmPanel loads it). */
export default function ConfirmAnswer(props: ConfirmAnswerProps) {
  return (
    <QueryProvider>
      <Confirmation {...props} />
    </QueryProvider>
  );
}

const asNewsletterError = (error: unknown) =>
  error instanceof NewsletterError ? error : new NewsletterError('unknown', 'Something went wrong on our side. Please try again in a moment.');

function Confirmation({ token, working }: ConfirmAnswerProps) {
  // One request per token (a remount or StrictMode asks the cache, not the server); a failure is
  // not tried again by itself: the person chooses "Try again" (or gets a fresh link).
  const confirmation = useQuery({ queryKey: newsletterKeys.confirmation(token), queryFn: () => confirmSubscription(token), staleTime: Infinity, retry: false });

  if (confirmation.isPending || (confirmation.isError && confirmation.isFetching)) return <>{working}</>;

  if (confirmation.isSuccess) {
    const { email } = confirmation.data;
    const already = confirmation.data.status === 'already_confirmed';
    return (
      <div className={styles.panel} data-newsletter-confirmed>
        <Alert
          tone="success"
          title={already ? 'You’re already subscribed' : 'You’re subscribed'}
          actions={<LinkButton to={href('/patterns')}>Browse patterns</LinkButton>}
        >
          <p>
            {already ? 'This address was confirmed before' : 'Thank you for confirming'}: the newsletter will come to <strong>{email}</strong>. Every issue has
            a link to unsubscribe.
          </p>
        </Alert>
      </div>
    );
  }

  const error = asNewsletterError(confirmation.error);
  const linkProblem = error.code === 'invalid_token' || error.code === 'expired_token';
  return (
    <div className={styles.panel} data-newsletter-link-error={error.code}>
      <Alert
        tone={linkProblem ? 'warning' : 'danger'}
        title={
          error.code === 'expired_token'
            ? 'This confirmation link has expired'
            : linkProblem
              ? 'This confirmation link doesn’t work'
              : 'We couldn’t confirm your subscription'
        }
        actions={
          linkProblem ? undefined : (
            <Button variant="secondary" size="small" onClick={() => void confirmation.refetch()}>
              Try again
            </Button>
          )
        }
      >
        <p>{error.message}</p>
        {linkProblem ? <p>Enter your address below and we’ll send you a fresh link.</p> : null}
      </Alert>
      {linkProblem ? <SubscribeForm submitLabel="Send a new link" /> : null}
    </div>
  );
}
