import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { href, useSession } from '@stitchhouse/shared';
import { FORMATS } from '@stitchhouse/shared/catalog/index.ts';
import { Alert, Button, EmptyState, LinkButton, PageHeading, Progress, QueryState, Spinner, formatBytes } from '@stitchhouse/shared/ui/index.ts';
import { isUuid } from '../api/detail.ts';
import { downloadKeys, downloadOverview } from '../api/download.ts';
import { reasonCopy } from '../features/download/reasons.ts';
import { useDownload } from '../features/download/useDownload.ts';
import { SizeChoice, initialSizes, pagesFor } from '../features/download/SizeChoice.tsx';
import { PatternNotFound } from '../features/publish/PatternNotFound.tsx';
import * as styles from '../features/download/FileDownloads.module.css';
import { formatDate } from '../features/locale/formatDate.ts';
import type { DownloadVariant } from '@stitchhouse/shared/contracts/download.ts';
import '../catalogs/owner/messages.ts';

const VARIANT_LABEL: Record<string, string> = { roll36: /*i18n*/ 'catalog.download.variant.roll36', dark: /*i18n*/ 'catalog.download.variant.dark' };

/**
 * /patterns/:productId/download: the owned files by format, with the hourly allowance. The version
 * shown is the pattern's (patterns.current_version, as on the library card and in the file name):
 * every file listed is the file of that version; pattern_files.version only counts one format's uploads.
 */
export default function PatternDownload() {
  const { productId = '' } = useParams();
  const { i18n } = useLingui();
  const { loading, session } = useSession();
  const { state: download, start } = useDownload(productId);
  const userId = session?.user.id ?? null;
  // a finished download reads it again (the count; useDownload invalidates it)
  const overview = useQuery({
    queryKey: downloadKeys.overview(productId, userId),
    queryFn: () => downloadOverview(productId),
    enabled: userId !== null && isUuid(productId),
  });
  const spinner = <Spinner label={i18n._('catalog.download.page.loading')} showLabel />;
  // "print only my sizes": pre-ticked with "your size" once the overview (the size chart) is here
  const [picked, setPicked] = useState<string[] | null>(null);

  if (loading) return spinner;
  if (!session) {
    const copy = reasonCopy('not_signed_in', productId);
    return (
      <>
        <PageHeading title={i18n._('catalog.download.page.heading')}>{i18n._('catalog.download.page.heading')}</PageHeading>
        <EmptyState title={copy.title} actions={<LinkButton to={copy.action.href}>{copy.action.label}</LinkButton>}>
          {copy.explanation}
        </EmptyState>
      </>
    );
  }
  if (!isUuid(productId)) return <PatternNotFound />;
  if (overview.data === undefined) {
    return (
      <QueryState query={overview} errorTitle={i18n._('catalog.download.page.loadError')} skeleton={spinner}>
        {() => null}
      </QueryState>
    );
  }
  const data = overview.data;
  if (!data) {
    const copy = reasonCopy('not_owned', productId);
    return (
      <>
        <PageHeading title={i18n._('catalog.download.page.heading')}>{i18n._('catalog.download.page.heading')}</PageHeading>
        <EmptyState title={copy.title} actions={<LinkButton to={copy.action.href}>{copy.action.label}</LinkButton>}>
          {copy.explanation}
        </EmptyState>
      </>
    );
  }
  const busy = download.phase === 'preparing' || download.phase === 'receiving';
  const limitReached = data.remaining === 0;
  const sizeLabels = data.sizeChart.sizes.map((s) => s.label);
  const layered = data.files.some((f) => f.layers.some((l) => l.size !== null));
  const sizes = layered ? (picked ?? initialSizes(data.sizeChart)).filter((s) => sizeLabels.includes(s)) : [];
  const sizeList = new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(sizes);
  const variantLabel = (variant: string) => (VARIANT_LABEL[variant] ? i18n._(VARIANT_LABEL[variant]) : variant);
  return (
    <>
      <PageHeading
        title={i18n._('catalog.download.page.title', { title: data.title })}
        eyebrow={i18n._('catalog.download.page.eyebrow')}
        lead={i18n._('catalog.download.page.lead')}
      >
        {i18n._('catalog.download.page.headingOf', { title: data.title })}
      </PageHeading>
      <p className={styles.allowance} data-testid="allowance">
        {data.remaining === null
          ? i18n._('catalog.download.page.allowanceDesigner', { count: data.downloadsSoFar })
          : i18n._('catalog.download.page.allowance', { count: data.downloadsSoFar, remaining: data.remaining })}
      </p>
      {download.phase === 'failed'
        ? (() => {
            const copy = reasonCopy(download.problem.reason, productId, download.problem.retryAfterMinutes);
            return (
              <Alert tone="danger" title={copy.title}>
                {copy.explanation}
              </Alert>
            );
          })()
        : null}
      {download.phase === 'done' ? (
        <Alert tone="success" title={i18n._('catalog.download.page.started')}>
          {i18n._('catalog.download.page.startedText', { file: download.fileName })}
        </Alert>
      ) : null}
      {layered && data.files.length > 0 ? <SizeChoice sizes={sizeLabels} chosen={sizes} onChange={setPicked} /> : null}
      {data.files.length === 0 ? (
        <EmptyState
          title={i18n._('catalog.download.page.noFiles')}
          actions={<LinkButton to={href('/patterns/:productId', { productId })}>{i18n._('catalog.download.page.backToPattern')}</LinkButton>}
        >
          {i18n._('catalog.download.page.noFilesText')}
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label={i18n._('catalog.download.page.filesLabel')}>
          {data.files.map((file) => {
            const info = FORMATS[file.format];
            const mine = download.phase !== 'idle' && download.phase !== 'failed' && download.phase !== 'done' && download.format === file.format;
            const saving = pagesFor(file, sizes);
            const forSizes = file.layers.some((l) => l.size !== null) && sizes.length > 0;
            return (
              <li key={file.format} className={styles.item} data-format={file.format}>
                <h3>{info.label}</h3>
                <p className={styles.meta}>
                  {i18n._('catalog.download.file.meta', { size: formatBytes(file.sizeBytes), version: data.currentVersion, date: formatDate(file.updatedAt) })}
                </p>
                <p className={styles.meta}>{info.description}</p>
                {file.changelog ? <p className={styles.meta}>{i18n._('catalog.download.file.changes', { changes: file.changelog })}</p> : null}
                {saving ? (
                  <p className={styles.saving} data-testid={`pages-${file.format}`}>
                    {saving.kept === saving.of
                      ? i18n._('catalog.download.file.everyPage', { pages: saving.of, sizes: sizeList })
                      : i18n._('catalog.download.file.fewerPages', { kept: saving.kept, pages: saving.of, sizes: sizeList })}
                  </p>
                ) : forSizes ? (
                  <p className={styles.meta}>{i18n._('catalog.download.file.onlySizes', { sizes: sizeList })}</p>
                ) : null}
                <div className={styles.buttons}>
                  <Button
                    onClick={() => void start(file.format, null, { sizes: forSizes ? sizes : undefined })}
                    busy={mine}
                    busyLabel={i18n._('catalog.download.file.preparing')}
                    disabled={busy || limitReached}
                    aria-label={i18n._('catalog.download.file.download', { format: info.shortLabel })}
                  >
                    {i18n._('catalog.download.file.download', { format: info.shortLabel })}
                  </Button>
                  {Object.keys(file.variants).map((variant) => (
                    <Button
                      key={variant}
                      variant="secondary"
                      onClick={() => void start(file.format, null, { sizes: forSizes ? sizes : undefined, variant: variant as DownloadVariant })}
                      disabled={busy || limitReached}
                      aria-label={i18n._('catalog.download.file.download', { format: variantLabel(variant) })}
                    >
                      {i18n._('catalog.download.file.download', { format: variantLabel(variant) })}
                    </Button>
                  ))}
                </div>
                {mine && download.phase === 'receiving' ? (
                  <Progress
                    label={i18n._('catalog.download.file.downloading', { format: info.shortLabel })}
                    value={download.received}
                    max={download.total ?? 0}
                    valueText={
                      download.total
                        ? i18n._('catalog.download.file.progress', { done: formatBytes(download.received), total: formatBytes(download.total) })
                        : formatBytes(download.received)
                    }
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
