import { href } from '@stitchhouse/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './RemoteUnavailable.module.css';

export interface RemoteUnavailableProps {
  /** The page's own title, kept as the main heading so the outline stays right. */
  title: string;
  /** What is unavailable, in the marketplace's words ("The pattern catalog"). */
  label: string;
  /** The code could not be fetched (vs. it failed while showing the page). */
  reason: 'unreachable' | 'crashed';
  onRetry: () => void;
}

/**
 * The friendly block a broken or unreachable part of the site shows instead of the
 * page, while header, footer and every other page keep working. Focus moves to it so
 * keyboard and screen-reader users learn what happened.
 */
export function RemoteUnavailable({ title, label, reason, onRetry }: RemoteUnavailableProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className={styles.unavailable} data-remote-unavailable={reason}>
      <h1>{title}</h1>
      <div role="alert" className={styles.block}>
        <h2 ref={headingRef} tabIndex={-1} className={styles.heading}>
          {label} is temporarily unavailable
        </h2>
        <p>
          {reason === 'unreachable'
            ? 'We could not load this part of Stitchhouse. It is usually back within a minute.'
            : 'This page ran into a problem while opening. Our team has been told.'}{' '}
          The rest of the site works as usual.
        </p>
        <div className={styles.actions}>
          <Button onClick={onRetry}>Retry</Button>
          <Link to={href('/')}>Go to the home page</Link>
        </div>
      </div>
    </section>
  );
}
