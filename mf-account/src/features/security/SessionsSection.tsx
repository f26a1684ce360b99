import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { markSignOutIntended } from '@stitchhouse/shared/auth/index.ts';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, Card } from '@stitchhouse/shared/ui/index.ts';
import { signOutSessions } from '../../api/security.ts';
import * as styles from '../layout/account.module.css';

/** A lost laptop or a shared computer: end the other sessions, or all of them. */
export function SessionsSection() {
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
      <h2 id="sessions-title">Where you are signed in</h2>
      <p>Signed in on a computer you no longer use? Sign out there from here.</p>
      {done ? <Alert tone="success">Every other browser and device is signed out. This one stays signed in.</Alert> : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <div className={styles.actions}>
        <Button variant="secondary" busy={busy === 'others'} busyLabel="Signing out…" onClick={() => void signOut('others')}>
          Sign out of all other sessions
        </Button>
        <Button variant="secondary" busy={busy === 'global'} busyLabel="Signing out…" onClick={() => void signOut('global')}>
          Sign out everywhere
        </Button>
      </div>
    </Card>
  );
}
