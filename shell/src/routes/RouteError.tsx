import { href } from '@stitchhouse/shared';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

/** Last resort when the frame itself fails; remote failures never get here. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main id="main" style={{ maxWidth: '40rem', margin: '3rem auto', padding: '0 1rem' }}>
      <h1>Something went wrong</h1>
      <div role="alert" data-route-error>
        <p>Stitchhouse could not show this page{detail ? ` (${detail})` : ''}. Reloading usually fixes it.</p>
        <p>
          <a href={typeof window === 'undefined' ? '/' : window.location.href}>Reload the page</a> · <Link to={href('/')}>Home page</Link>
        </p>
      </div>
    </main>
  );
}
