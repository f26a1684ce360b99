import { href } from '@stitchhouse/shared';
import { Link, useLocation } from 'react-router';
import * as styles from './NotFound.module.css';
import { Trans, useLingui } from '@lingui/react';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';

/** Any path the route contract does not know. */
export default function NotFound() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return (
    <section className={styles.notFound} data-not-found>
      {/* React puts this in <head>; the static server also answers 404 for these addresses. */}
      <meta name="robots" content="noindex" />
      <h1>{i18n._('shell.notFound.title')}</h1>
      <p>
        <Trans id="shell.notFound.body" values={{ path: pathname }} components={{ 0: <code /> }} />
      </p>
      <h2 className={styles.subheading}>{i18n._('shell.notFound.whereNext')}</h2>
      <ul className={styles.links}>
        <li>
          <Link to={href('/')}>{i18n._('shell.notFound.home')}</Link>
        </li>
        <li>
          <Link to={href('/patterns')}>{i18n._('shell.notFound.browse')}</Link>
        </li>
        <li>
          <Link to={href('/patterns/search')}>{i18n._('shell.notFound.search')}</Link>
        </li>
        <li>
          <Link to={href('/patterns/my-patterns')}>{i18n._('shell.notFound.library')}</Link>
        </li>
        <li>
          <Link to={href('/pricing')}>{i18n._('shell.notFound.selling', { brand: BRAND_NAME })}</Link>
        </li>
      </ul>
    </section>
  );
}
