import { useState } from 'react';
import { BRAND_CONTACT } from '@stitchhouse/shared/brand.ts';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { NewsletterError, unsubscribe } from '../../api/newsletter.ts';
import { SubscribeForm } from './SubscribeForm.tsx';
import * as styles from './Newsletter.module.css';

type State = { phase: 'asking'; busy: boolean; failure?: string } | { phase: 'done'; email: string } | { phase: 'invalid'; message: string };

/**
 * /newsletter?unsubscribe=<token>: asks for one click before acting, so a mail scanner that
 * opens every link cannot unsubscribe anyone.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const [state, setState] = useState<State>({ phase: 'asking', busy: false });

  async function confirm() {
    if (state.phase !== 'asking' || state.busy) return;
    setState({ phase: 'asking', busy: true });
    try {
      const result = await unsubscribe(token);
      setState({ phase: 'done', email: result.email });
    } catch (error) {
      const known =
        error instanceof NewsletterError ? error : new NewsletterError('unknown', 'Something went wrong on our side. Please try again in a moment.');
      setState(known.code === 'invalid_token' ? { phase: 'invalid', message: known.message } : { phase: 'asking', busy: false, failure: known.message });
    }
  }

  if (state.phase === 'done') {
    return (
      <div className={styles.panel} data-newsletter-unsubscribed>
        <Alert tone="success" title="You’re unsubscribed">
          <p>
            We won’t send the newsletter to <strong>{state.email}</strong> any more. Mail about your own orders and patterns is not affected.
          </p>
        </Alert>
        <h2 className={styles.panelTitle}>Changed your mind?</h2>
        <p>Subscribe again: we’ll send a new confirmation link first.</p>
        <SubscribeForm initialEmail={state.email} submitLabel="Subscribe again" />
      </div>
    );
  }

  if (state.phase === 'invalid') {
    return (
      <div className={styles.panel} data-newsletter-link-error="invalid_token">
        <Alert tone="warning" title="This unsubscribe link doesn’t work">
          <p>{state.message}</p>
          <p>
            Use the unsubscribe link at the bottom of the most recent newsletter, or write to{' '}
            <a href={`mailto:${BRAND_CONTACT.support}?subject=Unsubscribe`}>{BRAND_CONTACT.support}</a> and we’ll take you off the list.
          </p>
        </Alert>
      </div>
    );
  }

  return (
    <div className={styles.panel}>
      <h2 className={styles.panelTitle}>Unsubscribe from the newsletter?</h2>
      <p>One click and we stop sending it. You can subscribe again at any time.</p>
      {state.failure ? (
        <Alert tone="danger" title="We couldn’t unsubscribe you yet">
          <p>{state.failure}</p>
        </Alert>
      ) : null}
      <Button onClick={confirm} busy={state.busy} busyLabel="Unsubscribing…">
        Unsubscribe
      </Button>
    </div>
  );
}
