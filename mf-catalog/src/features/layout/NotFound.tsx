import { href } from '@stitchhouse/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { pageTitle } from '@stitchhouse/shared/brand.ts';
import * as styles from './DetailPage.module.css';

/** One screen for unknown, malformed and unpublished ids alike: never a hint that something exists. */
export function CatalogNotFound({ what }: { what: 'Pattern' | 'Store' }) {
  const { i18n } = useLingui();
  const title = what === 'Pattern' ? i18n._('catalog.common.notFound.pattern') : i18n._('catalog.common.notFound.store');
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return (
    <section className={styles.notFound} data-catalog-not-found={what.toLowerCase()}>
      {/* The static server cannot know which ids exist (it answers 200): keep this screen out of search engines. React puts it in <head>. */}
      <meta name="robots" content="noindex" />
      <h1>{title}</h1>
      <p>{what === 'Pattern' ? i18n._('catalog.common.notFound.patternText') : i18n._('catalog.common.notFound.storeText')}</p>
      <p>
        <Link to={href('/patterns')}>{i18n._('catalog.common.browseAll')}</Link> ·{' '}
        <Link to={href('/patterns/search')}>{i18n._('catalog.common.searchForPattern')}</Link>
      </p>
    </section>
  );
}
