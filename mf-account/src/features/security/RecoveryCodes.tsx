import { useEffect, useRef } from 'react';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import * as styles from '../layout/account.module.css';

/** The codes, once: to write down, copy or download. They are never shown again. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `Stitchhouse recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <div>
      <h3 ref={heading} tabIndex={-1}>
        Save your recovery codes
      </h3>
      <Alert tone="warning">
        If you lose your phone, each of these codes lets you in once instead of the app. Keep them somewhere safe, away from your phone. We show them only now.
      </Alert>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <a className={styles.muted} href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="stitchhouse-recovery-codes.txt">
          Download as a text file
        </a>
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </div>
  );
}
