import { Suspense, lazy } from 'react';
import { Spinner } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './Newsletter.module.css';
import { useLingui } from '@lingui/react';

// The confirmation (read through TanStack Query) loads with a confirmation link only: the
// newsletter page itself downloads no TanStack Query.
const ConfirmAnswer = lazy(() => import('./ConfirmAnswer.tsx'));

function Working() {
  const { i18n } = useLingui();
  return (
    <div className={styles.panel} aria-busy="true">
      <Spinner label={i18n._('shell.newsletter.confirming')} showLabel />
    </div>
  );
}

/** /newsletter?confirm=<token>: confirms on arrival (the link in the confirmation mail). */
export function ConfirmPanel({ token }: { token: string }) {
  return (
    <Suspense fallback={<Working />}>
      <ConfirmAnswer token={token} working={<Working />} />
    </Suspense>
  );
}
