import { href } from '@stitchhouse/shared';
import { Link, useLocation } from 'react-router';
import * as styles from './NotFound.module.css';

/** Any path the route contract does not know. */
export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className={styles.notFound} data-not-found>
      {/* React puts this in <head>; the static server also answers 404 for these addresses. */}
      <meta name="robots" content="noindex" />
      <h1>We could not find that page</h1>
      <p>
        There is no page at <code>{pathname}</code>. The link may be old, or the pattern may have been taken down by its designer.
      </p>
      <h2 className={styles.subheading}>Where to go from here</h2>
      <ul className={styles.links}>
        <li>
          <Link to={href('/')}>The home page</Link>
        </li>
        <li>
          <Link to={href('/patterns')}>Browse all patterns</Link>
        </li>
        <li>
          <Link to={href('/patterns/search')}>Search for a pattern</Link>
        </li>
        <li>
          <Link to={href('/patterns/my-patterns')}>Your pattern library</Link>
        </li>
        <li>
          <Link to={href('/pricing')}>Selling on Stitchhouse</Link>
        </li>
      </ul>
    </section>
  );
}
