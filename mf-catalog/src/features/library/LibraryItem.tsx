import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import { LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { coverImage } from '@stitchhouse/shared/storage/coverImage.ts';
import type { LibraryEntry } from '../../api/library.ts';
import { formatDate } from '../locale/formatDate.ts';
import { AskDesignerLink } from '../ask-designer/AskDesignerLink.tsx';
import * as styles from './Library.module.css';

/** One owned pattern: cover, title, designer, formats, "Updated" when a newer version waits. */
export function LibraryItem({ entry }: { entry: LibraryEntry }) {
  const { i18n } = useLingui();
  const formats = entry.formats.map((f) => FORMATS[f as PatternFormat]?.shortLabel ?? f).join(', ');
  return (
    <li className={styles.item} data-pattern-id={entry.patternId}>
      {entry.coverPath ? <img {...coverImage(entry.coverPath, 'wideCard')} alt="" loading="lazy" decoding="async" /> : <div className={styles.noCover} />}
      <div className={styles.body}>
        <h3>{entry.status === 'published' ? <Link to={href('/patterns/:productId', { productId: entry.patternId })}>{entry.title}</Link> : entry.title}</h3>
        <p className={styles.meta}>
          {entry.source === 'free' ? (
            <Trans
              id="catalog.mine.item.byFree"
              values={{ store: entry.storeName }}
              components={{ 0: <Link to={href('/stores/:slug', { slug: entry.storeSlug })} /> }}
            />
          ) : (
            <Trans
              id="catalog.mine.item.by"
              values={{ store: entry.storeName }}
              components={{ 0: <Link to={href('/stores/:slug', { slug: entry.storeSlug })} /> }}
            />
          )}
        </p>
        <p className={styles.meta}>
          {formats
            ? i18n._('catalog.mine.item.formats', { formats, version: entry.currentVersion })
            : i18n._('catalog.mine.item.noFiles', { version: entry.currentVersion })}
        </p>
        {entry.updated ? (
          <>
            <span className={styles.badge}>{i18n._('catalog.mine.item.updated')}</span>
            {entry.latestChanges ? <p className={styles.changes}>{i18n._('catalog.mine.item.changes', { changes: entry.latestChanges })}</p> : null}
          </>
        ) : null}
        <p className={styles.meta}>
          {entry.lastDownloadedAt
            ? i18n._('catalog.mine.item.lastDownloaded', { date: formatDate(entry.lastDownloadedAt) })
            : i18n._('catalog.mine.item.notDownloaded')}
        </p>
        <LinkButton
          to={href('/patterns/:productId/download', { productId: entry.patternId })}
          aria-label={i18n._('catalog.mine.item.downloadLabel', { title: entry.title })}
        >
          {i18n._('catalog.mine.item.download')}
        </LinkButton>
        <AskDesignerLink patternId={entry.patternId} title={entry.title} />
      </div>
    </li>
  );
}
