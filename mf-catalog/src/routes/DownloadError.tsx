import { href } from '@stitchhouse/shared';
import { Link, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { EmptyState, LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { isUuid } from '../api/detail.ts';
import { isDownloadReason, reasonCopy } from '../features/download/reasons.ts';
import '../catalogs/owner/messages.ts';

/** /download/error?reason=&productId=: why a download failed and what to do next. */
export default function DownloadError() {
  const [params] = useSearchParams();
  const { i18n } = useLingui();
  const raw = params.get('reason') ?? '';
  const reason = isDownloadReason(raw) ? raw : 'server_error';
  const productId = params.get('productId');
  const minutes = Number(params.get('minutes')) || undefined;
  const copy = reasonCopy(reason, productId && isUuid(productId) ? productId : null, minutes);
  return (
    <>
      <PageHeading title={copy.title}>{copy.title}</PageHeading>
      <EmptyState title={i18n._('catalog.download.error.whatToDo')} actions={<LinkButton to={copy.action.href}>{copy.action.label}</LinkButton>}>
        <span data-testid="download-error-reason" data-reason={reason}>
          {copy.explanation}
        </span>
      </EmptyState>
      <p>
        <Link to={href('/patterns/my-patterns')}>{i18n._('catalog.download.error.library')}</Link> ·{' '}
        <Link to={href('/patterns')}>{i18n._('catalog.download.reason.browse')}</Link>
      </p>
    </>
  );
}
