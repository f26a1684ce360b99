import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { href, useSession } from '@stitchhouse/shared';
import { PATTERN_FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import { Alert, LinkButton, PageHeading, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { useDownload } from '../features/download/useDownload.ts';
import '../catalogs/owner/messages.ts';

/** /download/:productId?format=&expires=: the short link in emails; starts the download at once. */
export default function DownloadLink() {
  const { productId = '' } = useParams();
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { loading, session } = useSession();
  const { state, start } = useDownload(productId);
  const started = useRef(false);
  const formatParam = params.get('format');
  const format = formatParam && (PATTERN_FORMATS as readonly string[]).includes(formatParam) ? (formatParam as PatternFormat) : null;

  useEffect(() => {
    if (loading || started.current) return;
    started.current = true;
    const fail = (reason: string, minutes?: number) => {
      const query = new URLSearchParams({ reason, productId });
      if (minutes) query.set('minutes', String(minutes));
      void navigate(href('/download/error', query), { replace: true });
    };
    if (!session) {
      fail('not_signed_in');
      return;
    }
    if (formatParam && !format) {
      fail('file_missing');
      return;
    }
    void start(format, params.get('expires')).then((result) => {
      if (result.phase === 'failed') fail(result.problem.reason, result.problem.retryAfterMinutes);
    });
  }, [loading, session, format, formatParam, params, productId, navigate, start]);

  return (
    <>
      <PageHeading title={i18n._('catalog.download.link.heading')}>{i18n._('catalog.download.link.heading')}</PageHeading>
      {state.phase === 'done' ? (
        <Alert
          tone="success"
          title={i18n._('catalog.download.link.started')}
          actions={<LinkButton to={href('/patterns/:productId/download', { productId })}>{i18n._('catalog.download.link.allFiles')}</LinkButton>}
        >
          {i18n._('catalog.download.link.startedText', { file: state.fileName })}
        </Alert>
      ) : (
        <Spinner label={i18n._('catalog.download.link.preparing')} showLabel />
      )}
      <p>
        <Link to={href('/patterns/my-patterns')}>{i18n._('catalog.download.link.library')}</Link>
      </p>
    </>
  );
}
