import { Link } from 'react-router';
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
  if (pages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label="Pages">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span aria-current="page">
        Page {page} of {pagesAreEstimate ? 'about ' : ''}
        {pages}
      </span>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next">
          Next →
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
