import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import { LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { coverImage } from '@stitchhouse/shared/storage/coverImage.ts';
import type { LibraryEntry } from '../../api/library.ts';
import { formatDate } from '../shared/formatDate.ts';
import { AskDesignerLink } from '../shared/AskDesignerLink.tsx';
import * as styles from './Library.module.css';

/** One owned pattern: cover, title, designer, formats, "Updated" when a newer version waits. */
export function LibraryItem({ entry }: { entry: LibraryEntry }) {
  const formats = entry.formats.map((f) => FORMATS[f as PatternFormat]?.shortLabel ?? f).join(', ');
  return (
    <li className={styles.item} data-pattern-id={entry.patternId}>
      {entry.coverPath ? <img {...coverImage(entry.coverPath, 'wideCard')} alt="" loading="lazy" decoding="async" /> : <div className={styles.noCover} />}
      <div className={styles.body}>
        <h3>{entry.status === 'published' ? <Link to={href('/patterns/:productId', { productId: entry.patternId })}>{entry.title}</Link> : entry.title}</h3>
        <p className={styles.meta}>
          by <Link to={href('/stores/:slug', { slug: entry.storeSlug })}>{entry.storeName}</Link>
          {entry.source === 'free' ? ' · free' : ''}
        </p>
        <p className={styles.meta}>
          {formats ? `Formats: ${formats}` : 'No files yet'} · version {entry.currentVersion}
        </p>
        {entry.updated ? (
          <>
            <span className={styles.badge}>Updated</span>
            {entry.latestChanges ? <p className={styles.changes}>What changed: {entry.latestChanges}</p> : null}
          </>
        ) : null}
        <p className={styles.meta}>{entry.lastDownloadedAt ? `Last downloaded ${formatDate(entry.lastDownloadedAt)}` : 'Not downloaded yet'}</p>
        <LinkButton to={href('/patterns/:productId/download', { productId: entry.patternId })} aria-label={`Download ${entry.title}`}>
          Download
        </LinkButton>
        <AskDesignerLink patternId={entry.patternId} title={entry.title} />
      </div>
    </li>
  );
}
