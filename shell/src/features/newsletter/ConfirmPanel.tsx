import { href } from '@stitchhouse/shared';
import { useEffect, useState } from 'react';
import { Alert, Button, LinkButton, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { NewsletterError, confirmSubscription } from '../../api/newsletter.ts';
import { SubscribeForm } from './SubscribeForm.tsx';
import * as styles from './Newsletter.module.css';

type State =
  | { phase: 'working' }
  | { phase: 'done'; email: string; already: boolean }
  | { phase: 'failed'; error: NewsletterError };

// One request per token even when React runs the effect twice (StrictMode, remounts).
const pending = new Map<string, ReturnType<typeof confirmSubscription>>();

function confirmOnce(token: string) {
  let request = pending.get(token);
  if (!request) {
    request = confirmSubscription(token);
    pending.set(token, request);
    request.catch(() => pending.delete(token)); // a failed try may be retried
  }
  return request;
}

/** /newsletter?confirm=<token>: confirms on arrival (the link in the confirmation mail). */
export function ConfirmPanel({ token }: { token: string }) {
  const [state, setState] = useState<State>({ phase: 'working' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ phase: 'working' });
    confirmOnce(token).then(
      (result) => live && setState({ phase: 'done', email: result.email, already: result.status === 'already_confirmed' }),
      (error: unknown) =>
        live && setState({ phase: 'failed', error: error instanceof NewsletterError ? error : new NewsletterError('unknown', 'Something went wrong on our side. Please try again in a moment.') }),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  if (state.phase === 'working') {
    return (
      <div className={styles.panel} aria-busy="true">
        <Spinner label="Confirming your subscription…" showLabel />
      </div>
    );
  }

  if (state.phase === 'done') {
    return (
      <div className={styles.panel} data-newsletter-confirmed>
        <Alert
          tone="success"
          title={state.already ? 'You’re already subscribed' : 'You’re subscribed'}
          actions={<LinkButton to={href('/patterns')}>Browse patterns</LinkButton>}
        >
          <p>
            {state.already ? 'This address was confirmed before' : 'Thank you for confirming'}: the newsletter will come to <strong>{state.email}</strong>. Every issue has a
            link to unsubscribe.
          </p>
        </Alert>
      </div>
    );
  }

  const { error } = state;
  const linkProblem = error.code === 'invalid_token' || error.code === 'expired_token';
  return (
    <div className={styles.panel} data-newsletter-link-error={error.code}>
      <Alert
        tone={linkProblem ? 'warning' : 'danger'}
        title={error.code === 'expired_token' ? 'This confirmation link has expired' : linkProblem ? 'This confirmation link doesn’t work' : 'We couldn’t confirm your subscription'}
        actions={
          linkProblem ? undefined : (
            <Button variant="secondary" size="small" onClick={() => setAttempt((n) => n + 1)}>
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
