import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import * as styles from '../layout/account.module.css';

/** The codes, once: to write down, copy or download. They are never shown again. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { i18n } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `${i18n._('account.codes.fileHeading')}\n\n${codes.join('\n')}\n`;
  return (
    <div>
      <h3 ref={heading} tabIndex={-1}>
        {i18n._('account.codes.title')}
      </h3>
      <Alert tone="warning">{i18n._('account.codes.warning')}</Alert>
      <ul className={styles.codes} aria-label={i18n._('account.codes.list')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <a className={styles.muted} href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="stitchhouse-recovery-codes.txt">
          {i18n._('account.codes.download')}
        </a>
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(text)}>
          {i18n._('account.codes.copy')}
        </Button>
        <Button onClick={onDone}>{i18n._('account.codes.done')}</Button>
      </div>
    </div>
  );
}
