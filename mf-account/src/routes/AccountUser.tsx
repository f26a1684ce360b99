import { href } from '@stitchhouse/shared';
import { useSearchParams } from 'react-router';
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

const TITLE = 'Your profile and security';

/** /account/user: name and avatar, email and password, authenticator app and recovery codes, sessions. */
export default function AccountUser() {
  return (
    <AccountPage title={TITLE} path={href('/account/user')} lead="How you appear on Stitchhouse and how you sign in.">
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
  const profile = useProfile(session);
  const linkMessage = params.get('link') === 'email_change' ? emailLinkMessage() : null;
  const changed = () => void queryClient.invalidateQueries({ queryKey: profileKeys.all });

  if (profile.data === undefined) {
    return (
      <QueryState query={profile} errorTitle="Your profile could not be loaded" skeleton={<Spinner label="Loading your profile…" showLabel />}>
        {() => null}
      </QueryState>
    );
  }
  const { profile: me, avatarUrl } = profile.data;
  return (
    <div className={styles.stack}>
      {linkMessage ? (
        <Alert tone="info" title="One address confirmed">
          Now open the link we sent to the other address to finish the change.
        </Alert>
      ) : null}
      <ProfileSection profile={me} avatarUrl={avatarUrl} onChanged={changed} />
      <EmailSection email={me.email} pendingEmail={me.newEmail} onChanged={changed} />
      <AuthenticatorSection />
      <SessionsSection />
    </div>
  );
}
