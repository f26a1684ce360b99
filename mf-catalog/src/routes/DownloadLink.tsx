import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { href, useSession } from '@stitchhouse/shared';
import { PATTERN_FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import { Alert, LinkButton, PageHeading, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { useDownload } from '../features/download/useDownload.ts';

/** /download/:productId?format=&expires=: the short link in emails; starts the download at once. */
export default function DownloadLink() {
  const { productId = '' } = useParams();
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
      <PageHeading title="Your download">Your download</PageHeading>
      {state.phase === 'done' ? (
        <Alert
          tone="success"
          title="Your download started"
          actions={<LinkButton to={href('/patterns/:productId/download', { productId })}>All formats and files</LinkButton>}
        >
          {state.fileName} is stamped with your name and order number. If nothing happened, use the download page.
        </Alert>
      ) : (
        <Spinner label="Preparing your pattern…" showLabel />
      )}
      <p>
        <Link to={href('/patterns/my-patterns')}>Go to your library</Link>
      </p>
    </>
  );
}
