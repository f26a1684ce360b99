import { href } from '@stitchhouse/shared';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '@stitchhouse/shared/query/client.ts';
import { Alert, Button, LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { NewsletterError, confirmSubscription, newsletterKeys } from '../../api/newsletter.ts';
import { SubscribeForm } from './SubscribeForm.tsx';
import * as styles from './Newsletter.module.css';
import { Trans, useLingui } from '@lingui/react';
import { newsletterProblem } from './problem.ts';

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

function Confirmation({ token, working }: ConfirmAnswerProps) {
  const { i18n } = useLingui();
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
          title={already ? i18n._('shell.newsletter.confirm.alreadyTitle') : i18n._('shell.newsletter.confirm.doneTitle')}
          actions={<LinkButton to={href('/patterns')}>{i18n._('shell.newsletter.confirm.browse')}</LinkButton>}
        >
          <p>
            {already ? (
              <Trans id="shell.newsletter.confirm.alreadyBody" values={{ email }} components={{ 0: <strong /> }} />
            ) : (
              <Trans id="shell.newsletter.confirm.doneBody" values={{ email }} components={{ 0: <strong /> }} />
            )}
          </p>
        </Alert>
      </div>
    );
  }

  const error = confirmation.error instanceof NewsletterError ? confirmation.error : new NewsletterError('unknown', '');
  const linkProblem = error.code === 'invalid_token' || error.code === 'expired_token';
  return (
    <div className={styles.panel} data-newsletter-link-error={error.code}>
      <Alert
        tone={linkProblem ? 'warning' : 'danger'}
        title={
          error.code === 'expired_token'
            ? i18n._('shell.newsletter.confirm.expiredTitle')
            : linkProblem
              ? i18n._('shell.newsletter.confirm.invalidTitle')
              : i18n._('shell.newsletter.confirm.failedTitle')
        }
        actions={
          linkProblem ? undefined : (
            <Button variant="secondary" size="small" onClick={() => void confirmation.refetch()}>
              {i18n._('shell.newsletter.tryAgain')}
            </Button>
          )
        }
      >
        <p>{newsletterProblem(i18n, error, 'confirm')}</p>
        {linkProblem ? <p>{i18n._('shell.newsletter.confirm.freshLink')}</p> : null}
      </Alert>
      {linkProblem ? <SubscribeForm submitLabel={i18n._('shell.newsletter.sendNewLink')} /> : null}
    </div>
  );
}
