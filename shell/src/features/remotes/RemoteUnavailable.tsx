import { href } from '@stitchhouse/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './RemoteUnavailable.module.css';
import { useLingui } from '@lingui/react';

export interface RemoteUnavailableProps {
  /** The page's own title, kept as the main heading so the outline stays right. */
  title: string;
  /** The remote whose screen failed: the heading names it in the page's language. */
  remote: string;
  /** The code could not be fetched (vs. it failed while showing the page). */
  reason: 'unreachable' | 'crashed';
  onRetry: () => void;
}

/**
 * The friendly block a broken or unreachable part of the site shows instead of the
 * page, while header, footer and every other page keep working. Focus moves to it so
 * keyboard and screen-reader users learn what happened.
 */
/** Each remote's heading, a whole sentence per language ("The pattern catalog is temporarily unavailable"). */
const UNAVAILABLE: Record<string, string> = {
  mf_auth: /*i18n*/ 'shell.remote.unavailable.auth',
  mf_catalog: /*i18n*/ 'shell.remote.unavailable.catalog',
  mf_payments: /*i18n*/ 'shell.remote.unavailable.payments',
  mf_account: /*i18n*/ 'shell.remote.unavailable.account',
  mf_partners: /*i18n*/ 'shell.remote.unavailable.partners',
};
const UNAVAILABLE_OTHER = /*i18n*/ 'shell.remote.unavailable.other';

export function RemoteUnavailable({ title, remote, reason, onRetry }: RemoteUnavailableProps) {
  const { i18n } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className={styles.unavailable} data-remote-unavailable={reason}>
      <h1>{title}</h1>
      <div role="alert" className={styles.block}>
        <h2 ref={headingRef} tabIndex={-1} className={styles.heading}>
          {i18n._(UNAVAILABLE[remote] ?? UNAVAILABLE_OTHER)}
        </h2>
        <p>{reason === 'unreachable' ? i18n._('shell.remote.unreachable') : i18n._('shell.remote.crashed')}</p>
        <div className={styles.actions}>
          <Button onClick={onRetry}>{i18n._('shell.remote.retry')}</Button>
          <Link to={href('/')}>{i18n._('shell.remote.home')}</Link>
        </div>
      </div>
    </section>
  );
}
