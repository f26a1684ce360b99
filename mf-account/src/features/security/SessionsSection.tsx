import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react';
import { markSignOutIntended } from '@stitchhouse/shared/auth/index.ts';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, Card } from '@stitchhouse/shared/ui/index.ts';
import { signOutSessions } from '../../api/security.ts';
import * as styles from '../layout/account.module.css';

/** A lost laptop or a shared computer: end the other sessions, or all of them. */
export function SessionsSection() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'others' | 'global' | null>(null);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function signOut(scope: 'others' | 'global') {
    setBusy(scope);
    setProblem(null);
    setDone(false);
    try {
      if (scope === 'global') markSignOutIntended();
      await signOutSessions(scope);
      if (scope === 'global') void navigate(href('/sign-in'), { replace: true });
      else setDone(true);
    } catch (error) {
      setProblem(serverMessage(error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card as="section" className={styles.section} aria-labelledby="sessions-title">
      <h2 id="sessions-title">{i18n._('account.sessions.title')}</h2>
      <p>{i18n._('account.sessions.lead')}</p>
      {done ? <Alert tone="success">{i18n._('account.sessions.done')}</Alert> : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <div className={styles.actions}>
        <Button variant="secondary" busy={busy === 'others'} busyLabel={i18n._('account.sessions.signingOut')} onClick={() => void signOut('others')}>
          {i18n._('account.sessions.others')}
        </Button>
        <Button variant="secondary" busy={busy === 'global'} busyLabel={i18n._('account.sessions.signingOut')} onClick={() => void signOut('global')}>
          {i18n._('account.sessions.everywhere')}
        </Button>
      </div>
    </Card>
  );
}
