import { href } from '@stitchhouse/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { pageTitle } from '@stitchhouse/shared/brand.ts';
import * as styles from './DetailPage.module.css';

/** One screen for unknown, malformed and unpublished ids alike: never a hint that something exists. */
export function CatalogNotFound({ what }: { what: 'Pattern' | 'Store' }) {
  const title = `${what} not found`;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return (
    <section className={styles.notFound} data-catalog-not-found={what.toLowerCase()}>
      {/* The static server cannot know which ids exist (it answers 200): keep this screen out of search engines. React puts it in <head>. */}
      <meta name="robots" content="noindex" />
      <h1>{title}</h1>
      <p>
        {what === 'Pattern'
          ? 'There is no pattern at this address. It may have been removed, or the link may be mistyped.'
          : 'There is no store at this address. The link may be mistyped, or the store may have closed.'}
      </p>
      <p>
        <Link to={href('/patterns')}>Browse all patterns</Link> · <Link to={href('/patterns/search')}>Search for a pattern</Link>
      </p>
    </section>
  );
}
