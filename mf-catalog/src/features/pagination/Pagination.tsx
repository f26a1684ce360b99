import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import * as styles from './Pagination.module.css';

export interface PaginationProps {
  page: number;
  pages: number;
  /** The page count comes from an estimated total: "Page 2 of about 40". */
  pagesAreEstimate?: boolean;
  /** The href of a page (keeps every other part of the view). */
  hrefOf(page: number): string;
}

/** Previous / next as real links (shareable, open in a new tab) and where you are. */
export function Pagination({ page, pages, pagesAreEstimate = false, hrefOf }: PaginationProps) {
  const { i18n } = useLingui();
  if (pages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={i18n._('catalog.common.pages')}>
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev">
          {i18n._('catalog.common.previous')}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span aria-current="page">
        {pagesAreEstimate ? i18n._('catalog.common.pageOfAbout', { page, pages }) : i18n._('catalog.common.pageOf', { page, pages })}
      </span>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next">
          {i18n._('catalog.common.next')}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
