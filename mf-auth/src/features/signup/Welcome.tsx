import { href } from '@stitchhouse/shared';
import type { User } from '@supabase/supabase-js';
import { LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { AuthPage } from '../layout/AuthPage.tsx';
import * as styles from '../form/form.module.css';

export interface WelcomeProps {
  user: User;
  /** Where the person was before signing up, if anywhere. */
  next: string | null;
}

function displayName(user: User): string {
  const name = user.user_metadata?.display_name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : (user.email?.split('@')[0] ?? '');
}

/** The first step after confirming: designers and shops are sent to open their store. */
export function Welcome({ user, next }: WelcomeProps) {
  const intent = user.user_metadata?.intent;
  const sells = intent === 'designer' || intent === 'shop';
  const name = displayName(user);
  return (
    <AuthPage
      title="Welcome to Stitchhouse"
      heading={name ? `Welcome to Stitchhouse, ${name}` : 'Welcome to Stitchhouse'}
      lead="Your email is confirmed and you are signed in."
    >
      {sells ? (
        <>
          <p>
            {intent === 'designer'
              ? 'Next, open your store: choose its name and web address, then add your first pattern.'
              : 'Next, set up your shop: choose its name and web address, then pick the patterns you stock.'}
          </p>
          <div className={styles.actions}>
            <LinkButton to={href('/account/store')}>Open your store</LinkButton>
            <LinkButton to={next ?? href('/patterns')} variant="secondary">
              {next ? 'Continue where you were' : 'Browse patterns first'}
            </LinkButton>
          </div>
        </>
      ) : (
        <>
          <p>Find your next project: every pattern you buy or get for free stays in your library, ready to download.</p>
          <div className={styles.actions}>
            <LinkButton to={next ?? href('/patterns')}>{next ? 'Continue where you were' : 'Browse patterns'}</LinkButton>
            <LinkButton to={href('/patterns/my-patterns')} variant="secondary">
              Your library
            </LinkButton>
          </div>
        </>
      )}
    </AuthPage>
  );
}
