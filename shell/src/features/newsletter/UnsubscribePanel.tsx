import { useState } from 'react';
import { BRAND_CONTACT } from '@stitchhouse/shared/brand.ts';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { NewsletterError, unsubscribe } from '../../api/newsletter.ts';
import { SubscribeForm } from './SubscribeForm.tsx';
import * as styles from './Newsletter.module.css';
import { Trans, useLingui } from '@lingui/react';
import { newsletterProblem } from './problem.ts';

type State = { phase: 'asking'; busy: boolean; failure?: unknown } | { phase: 'done'; email: string } | { phase: 'invalid'; error: unknown };

/**
 * /newsletter?unsubscribe=<token>: asks for one click before acting, so a mail scanner that
 * opens every link cannot unsubscribe anyone.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const { i18n } = useLingui();
  const [state, setState] = useState<State>({ phase: 'asking', busy: false });

  async function confirm() {
    if (state.phase !== 'asking' || state.busy) return;
    setState({ phase: 'asking', busy: true });
    try {
      const result = await unsubscribe(token);
      setState({ phase: 'done', email: result.email });
    } catch (error) {
      setState(
        error instanceof NewsletterError && error.code === 'invalid_token' ? { phase: 'invalid', error } : { phase: 'asking', busy: false, failure: error },
      );
    }
  }

  if (state.phase === 'done') {
    return (
      <div className={styles.panel} data-newsletter-unsubscribed>
        <Alert tone="success" title={i18n._('shell.newsletter.unsubscribe.doneTitle')}>
          <p>
            <Trans id="shell.newsletter.unsubscribe.doneBody" values={{ email: state.email }} components={{ 0: <strong /> }} />
          </p>
        </Alert>
        <h2 className={styles.panelTitle}>{i18n._('shell.newsletter.unsubscribe.changedMind')}</h2>
        <p>{i18n._('shell.newsletter.unsubscribe.subscribeAgainBody')}</p>
        <SubscribeForm initialEmail={state.email} submitLabel={i18n._('shell.newsletter.unsubscribe.subscribeAgain')} />
      </div>
    );
  }

  if (state.phase === 'invalid') {
    return (
      <div className={styles.panel} data-newsletter-link-error="invalid_token">
        <Alert tone="warning" title={i18n._('shell.newsletter.unsubscribe.invalidTitle')}>
          <p>{newsletterProblem(i18n, state.error, 'unsubscribe')}</p>
          <p>
            <Trans
              id="shell.newsletter.unsubscribe.invalidHelp"
              values={{ address: BRAND_CONTACT.support }}
              components={{
                0: (
                  <a href={`mailto:${BRAND_CONTACT.support}?subject=${encodeURIComponent(i18n._('shell.newsletter.unsubscribe.mailSubject'))}`}>
                    {BRAND_CONTACT.support}
                  </a>
                ),
              }}
            />
          </p>
        </Alert>
      </div>
    );
  }

  return (
    <div className={styles.panel}>
      <h2 className={styles.panelTitle}>{i18n._('shell.newsletter.unsubscribe.question')}</h2>
      <p>{i18n._('shell.newsletter.unsubscribe.questionBody')}</p>
      {state.failure !== undefined ? (
        <Alert tone="danger" title={i18n._('shell.newsletter.unsubscribe.failedTitle')}>
          <p>{newsletterProblem(i18n, state.failure, 'unsubscribe')}</p>
        </Alert>
      ) : null}
      <Button onClick={confirm} busy={state.busy} busyLabel={i18n._('shell.newsletter.unsubscribe.busy')}>
        {i18n._('shell.newsletter.unsubscribe.button')}
      </Button>
    </div>
  );
}
