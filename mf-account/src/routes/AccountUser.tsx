import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Session } from '@supabase/supabase-js';
import { Alert } from '@stitchhouse/shared/ui/index.ts';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { loadProfile, publicUrl } from '../api/profile.ts';
import { AccountPage } from '../features/layout/AccountPage.tsx';
import { LoadingOrFailed } from '../features/layout/LoadingOrFailed.tsx';
import { ProfileSection } from '../features/profile/ProfileSection.tsx';
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
  const [reload, setReload] = useState(0);
  const profile = useAsync(`${session.user.id}|${session.user.email}|${reload}`, async () => {
    const p = await loadProfile(session.user.id);
    return { profile: p, avatarUrl: p.avatarPath ? await publicUrl('avatars', p.avatarPath) : null };
  });
  const linkMessage = params.get('link') === 'email_change' ? emailLinkMessage() : null;

  if (profile.status === 'error' || !profile.data) {
    return <LoadingOrFailed state={profile} failedTitle="Your profile could not be loaded" loadingLabel="Loading your profile…" />;
  }
  const { profile: me, avatarUrl } = profile.data;
  return (
    <div className={styles.stack}>
      {linkMessage ? (
        <Alert tone="info" title="One address confirmed">
          Now open the link we sent to the other address to finish the change.
        </Alert>
      ) : null}
      <ProfileSection profile={me} avatarUrl={avatarUrl} onChanged={() => setReload((n) => n + 1)} />
      <EmailSection email={me.email} pendingEmail={me.newEmail} onChanged={() => setReload((n) => n + 1)} />
      <AuthenticatorSection />
      <SessionsSection />
    </div>
  );
}
