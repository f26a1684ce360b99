import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';

/** Last resort when the frame itself fails; remote failures never get here. */
export function RouteError() {
  const { i18n } = useLingui();
  return (
    <main id="main" style={{ maxWidth: '40rem', margin: '3rem auto', padding: '0 1rem' }}>
      <h1>{i18n._('shell.routeError.title')}</h1>
      <div role="alert" data-route-error>
        <p>{i18n._('shell.routeError.body')}</p>
        <p>
          <a href={typeof window === 'undefined' ? '/' : window.location.href}>{i18n._('shell.routeError.reload')}</a> ·{' '}
          <Link to={href('/')}>{i18n._('shell.routeError.home')}</Link>
        </p>
      </div>
    </main>
  );
}
