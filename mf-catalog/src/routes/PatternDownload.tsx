import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { href, useSession } from '@stitchhouse/shared';
import { FORMATS } from '@stitchhouse/shared/catalog/index.ts';
import { Alert, Button, EmptyState, LinkButton, PageHeading, Progress, QueryState, Spinner, formatBytes } from '@stitchhouse/shared/ui/index.ts';
import { isUuid } from '../api/detail.ts';
import { downloadKeys, downloadOverview } from '../api/downloads.ts';
import { reasonCopy } from '../features/download/reasons.ts';
import { useDownload } from '../features/download/useDownload.ts';
import { SizeChoice, initialSizes, pagesFor } from '../features/download/SizeChoice.tsx';
import { PatternNotFound } from '../features/publish/PatternNotFound.tsx';
import * as styles from '../features/download/FileDownloads.module.css';
import { formatDate } from '../features/shared/formatDate.ts';
import type { DownloadVariant } from '@stitchhouse/shared/contracts/download.ts';

const VARIANT_LABEL: Record<string, string> = { roll36: '36-inch roll', dark: 'dark projector' };

/**
 * /patterns/:productId/download: the owned files by format, with the hourly allowance. The version
 * shown is the pattern's (patterns.current_version, as on the library card and in the file name):
 * every file listed is the file of that version; pattern_files.version only counts one format's uploads.
 */
export default function PatternDownload() {
  const { productId = '' } = useParams();
  const { loading, session } = useSession();
  const { state: download, start } = useDownload(productId);
  const userId = session?.user.id ?? null;
  // a finished download reads it again (the count; useDownload invalidates it)
  const overview = useQuery({
    queryKey: downloadKeys.overview(productId, userId),
    queryFn: () => downloadOverview(productId),
    enabled: userId !== null && isUuid(productId),
  });
  const spinner = <Spinner label="Loading your files…" showLabel />;
  // "print only my sizes": pre-ticked with "your size" once the overview (the size chart) is here
  const [picked, setPicked] = useState<string[] | null>(null);

  if (loading) return spinner;
  if (!session) {
    const copy = reasonCopy('not_signed_in', productId);
    return (
      <>
        <PageHeading title="Download">Download</PageHeading>
        <EmptyState title={copy.title} actions={<LinkButton to={copy.action.href}>{copy.action.label}</LinkButton>}>
          {copy.explanation}
        </EmptyState>
      </>
    );
  }
  if (!isUuid(productId)) return <PatternNotFound />;
  if (overview.data === undefined) {
    return (
      <QueryState query={overview} errorTitle="Your files could not be loaded" skeleton={spinner}>
        {() => null}
      </QueryState>
    );
  }
  const data = overview.data;
  if (!data) {
    const copy = reasonCopy('not_owned', productId);
    return (
      <>
        <PageHeading title="Download">Download</PageHeading>
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
  const chosenText = sizes.length ? `sizes ${sizes.join(', ')}` : 'every size';
  return (
    <>
      <PageHeading title={`Download ${data.title}`} eyebrow="Your library" lead="Each file is stamped with your name and order number on every page.">
        Download “{data.title}”
      </PageHeading>
      <p className={styles.allowance} data-testid="allowance">
        Downloads so far: {data.downloadsSoFar}.{' '}
        {data.remaining === null ? 'As the designer, your downloads are not limited.' : `${data.remaining} of 10 left this hour.`}
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
        <Alert tone="success" title="Download started">
          {download.fileName} is in your downloads.
        </Alert>
      ) : null}
      {layered && data.files.length > 0 ? <SizeChoice sizes={sizeLabels} chosen={sizes} onChange={setPicked} /> : null}
      {data.files.length === 0 ? (
        <EmptyState title="No files yet" actions={<LinkButton to={href('/patterns/:productId', { productId })}>Back to the pattern</LinkButton>}>
          The designer has not uploaded the pattern files yet. You will find them here as soon as they do.
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Files by format">
          {data.files.map((file) => {
            const info = FORMATS[file.format];
            const mine = download.phase !== 'idle' && download.phase !== 'failed' && download.phase !== 'done' && download.format === file.format;
            const saving = pagesFor(file, sizes);
            const forSizes = file.layers.some((l) => l.size !== null) && sizes.length > 0;
            return (
              <li key={file.format} className={styles.item} data-format={file.format}>
                <h3>{info.label}</h3>
                <p className={styles.meta}>
                  {formatBytes(file.sizeBytes)} · version {data.currentVersion} · updated {formatDate(file.updatedAt)}
                </p>
                <p className={styles.meta}>{info.description}</p>
                {file.changelog ? <p className={styles.meta}>What changed: {file.changelog}</p> : null}
                {saving ? (
                  <p className={styles.saving} data-testid={`pages-${file.format}`}>
                    {saving.kept === saving.of ? `${saving.of} pages: your sizes need every page` : `${saving.kept} pages instead of ${saving.of}`} for{' '}
                    {chosenText}
                  </p>
                ) : forSizes ? (
                  <p className={styles.meta}>Only {chosenText} shown and printed; the other sizes stay in the file, switched off.</p>
                ) : null}
                <div className={styles.buttons}>
                  <Button
                    onClick={() => void start(file.format, null, { sizes: forSizes ? sizes : undefined })}
                    busy={mine}
                    busyLabel="Preparing your copy…"
                    disabled={busy || limitReached}
                    aria-label={`Download ${info.shortLabel} PDF`}
                  >
                    Download {info.shortLabel} PDF
                  </Button>
                  {Object.keys(file.variants).map((variant) => (
                    <Button
                      key={variant}
                      variant="secondary"
                      onClick={() => void start(file.format, null, { sizes: forSizes ? sizes : undefined, variant: variant as DownloadVariant })}
                      disabled={busy || limitReached}
                      aria-label={`Download ${VARIANT_LABEL[variant] ?? variant} PDF`}
                    >
                      Download {VARIANT_LABEL[variant] ?? variant} PDF
                    </Button>
                  ))}
                </div>
                {mine && download.phase === 'receiving' ? (
                  <Progress
                    label={`Downloading ${info.shortLabel}`}
                    value={download.received}
                    max={download.total ?? 0}
                    valueText={download.total ? `${formatBytes(download.received)} of ${formatBytes(download.total)}` : formatBytes(download.received)}
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
