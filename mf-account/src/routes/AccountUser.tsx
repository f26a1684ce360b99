import { href } from '@stitchhouse/shared';
import { useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import type { Session } from '@supabase/supabase-js';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { Alert, QueryState, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { profileKeys } from '../api/profile.ts';
import { AccountPage } from '../features/layout/AccountPage.tsx';
import { ProfileSection } from '../features/profile/ProfileSection.tsx';
import { useProfile } from '../features/profile/useProfile.ts';
import { AuthenticatorSection } from '../features/security/AuthenticatorSection.tsx';
import { EmailSection } from '../features/security/EmailSection.tsx';
import { SessionsSection } from '../features/security/SessionsSection.tsx';
import * as styles from '../features/layout/account.module.css';

/** /account/user: name and avatar, email and password, authenticator app and recovery codes, sessions. */
export default function AccountUser() {
  const { i18n } = useLingui();
  return (
    <AccountPage title={i18n._('account.user.title')} path={href('/account/user')} lead={i18n._('account.user.lead')}>
      {(session) => <ProfileAndSecurity session={session} />}
    </AccountPage>
  );
}

/** The message GoTrue puts in the hash after the first of the two email-change links. */
function emailLinkMessage(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('message');
}

function ProfileAndSecurity({ session }: { session: Session }) {
  const [params] = useSearchParams();
  const { i18n } = useLingui();
  const profile = useProfile(session);
  const linkMessage = params.get('link') === 'email_change' ? emailLinkMessage() : null;
  const changed = () => void queryClient.invalidateQueries({ queryKey: profileKeys.all });

  if (profile.data === undefined) {
    return (
      <QueryState query={profile} errorTitle={i18n._('account.user.loadError')} skeleton={<Spinner label={i18n._('account.user.loading')} showLabel />}>
        {() => null}
      </QueryState>
    );
  }
  const { profile: me, avatarUrl } = profile.data;
  return (
    <div className={styles.stack}>
      {linkMessage ? (
        <Alert tone="info" title={i18n._('account.user.oneConfirmedTitle')}>
          {i18n._('account.user.oneConfirmed')}
        </Alert>
      ) : null}
      <ProfileSection profile={me} avatarUrl={avatarUrl} onChanged={changed} />
      <EmailSection email={me.email} pendingEmail={me.newEmail} onChanged={changed} />
      <AuthenticatorSection />
      <SessionsSection />
    </div>
  );
}
