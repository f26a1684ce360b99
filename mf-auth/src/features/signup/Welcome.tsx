import { href } from '@stitchhouse/shared';
import type { User } from '@supabase/supabase-js';
import { LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { AuthPage } from '../layout/AuthPage.tsx';
import * as styles from '../form/form.module.css';
import { useLingui } from '@lingui/react';

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
  const { i18n } = useLingui();
  const intent = user.user_metadata?.intent;
  const sells = intent === 'designer' || intent === 'shop';
  const name = displayName(user);
  return (
    <AuthPage
      title={i18n._('auth.welcome.title')}
      heading={name ? i18n._('auth.welcome.headingNamed', { name }) : i18n._('auth.welcome.title')}
      lead={i18n._('auth.welcome.lead')}
    >
      {sells ? (
        <>
          <p>{intent === 'designer' ? i18n._('auth.welcome.nextDesigner') : i18n._('auth.welcome.nextShop')}</p>
          <div className={styles.actions}>
            <LinkButton to={href('/account/store')}>{i18n._('auth.welcome.openStore')}</LinkButton>
            <LinkButton to={next ?? href('/patterns')} variant="secondary">
              {next ? i18n._('auth.welcome.continue') : i18n._('auth.welcome.browseFirst')}
            </LinkButton>
          </div>
        </>
      ) : (
        <>
          <p>{i18n._('auth.welcome.maker')}</p>
          <div className={styles.actions}>
            <LinkButton to={next ?? href('/patterns')}>{next ? i18n._('auth.welcome.continue') : i18n._('auth.welcome.browse')}</LinkButton>
            <LinkButton to={href('/patterns/my-patterns')} variant="secondary">
              {i18n._('auth.welcome.library')}
            </LinkButton>
          </div>
        </>
      )}
    </AuthPage>
  );
}
