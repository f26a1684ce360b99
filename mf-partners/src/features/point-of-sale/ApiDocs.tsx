import { Trans, useLingui } from '@lingui/react';
import { posExamples, TILL_KEY_VARIABLE } from '@stitchhouse/shared/pos/examples.ts';
import { MAX_SALE_LINES, REASONS, sayReasons } from '@stitchhouse/shared/pos/sales.ts';
import * as styles from './pointOfSale.module.css';

/** Each example's heading and explanation in the page's language (shared/src/pos/examples.ts words them in English). */
const EXAMPLE_TEXT: Record<string, { title: string; explains: string }> = {
  'catalog-json': { title: /*i18n*/ 'partners.pos.example.json.title', explains: /*i18n*/ 'partners.pos.example.json.explains' },
  'catalog-csv': { title: /*i18n*/ 'partners.pos.example.csv.title', explains: /*i18n*/ 'partners.pos.example.csv.explains' },
  'catalog-etag': { title: /*i18n*/ 'partners.pos.example.etag.title', explains: /*i18n*/ 'partners.pos.example.etag.explains' },
  sales: { title: /*i18n*/ 'partners.pos.example.sales.title', explains: /*i18n*/ 'partners.pos.example.sales.explains' },
};

export interface ApiDocsProps {
  /** This instance's functions URL (runtime config). */
  functionsUrl: string;
  /** A pattern the shop carries, or null (the examples then say where to find one). */
  patternId: string | null;
}

/**
 * The two endpoints with curl examples built for this very instance; the backend suite runs
 * the same commands (shared/src/pos/examples.ts) with real curl.
 */
export function ApiDocs({ functionsUrl, patternId }: ApiDocsProps) {
  const { i18n } = useLingui();
  const examples = posExamples({ functionsUrl, patternId: patternId ?? 'PATTERN_ID_FROM_YOUR_FEED', soldAt: new Date().toISOString().slice(0, 19) + 'Z' });
  const code = <code className={styles.code} />;
  return (
    <section className={styles.section} aria-labelledby="pos-api" data-testid="pos-api">
      <h2 id="pos-api">{i18n._('partners.pos.api')}</h2>
      <p>
        <Trans id="partners.pos.api.auth" values={{ refusal: '{"error": {"code", "message", "details"}}' }} components={{ 0: code }} />
      </p>
      <pre className={styles.pre}>
        <code>{`export ${TILL_KEY_VARIABLE}=shpos_…${i18n._('partners.pos.api.yourKey')}…`}</code>
      </pre>
      <h3>
        <Trans id="partners.pos.api.feed" values={{ url: `GET ${functionsUrl}/pos-catalog` }} components={{ 0: code }} />
      </h3>
      <p>
        <Trans id="partners.pos.api.feed.body" components={{ 0: code }} />
      </p>
      {examples
        .filter((e) => e.id.startsWith('catalog'))
        .map((e) => (
          <div key={e.id} className={styles.section} data-example={e.id}>
            <h4>{EXAMPLE_TEXT[e.id] ? i18n._(EXAMPLE_TEXT[e.id]!.title) : e.title}</h4>
            <p className={styles.muted}>{EXAMPLE_TEXT[e.id] ? i18n._(EXAMPLE_TEXT[e.id]!.explains) : e.explains}</p>
            <pre className={styles.pre}>
              <code data-testid={`example-${e.id}`}>{e.command}</code>
            </pre>
          </div>
        ))}
      <h3>
        <Trans id="partners.pos.api.sales" values={{ url: `POST ${functionsUrl}/pos-sales` }} components={{ 0: code }} />
      </h3>
      <p>
        <Trans
          id="partners.pos.api.sales.body"
          values={{ body: '{"lines": [...]}', max: MAX_SALE_LINES, reason: sayReasons(REASONS.not_carried) }}
          components={{ 0: code }}
        />
      </p>
      {examples
        .filter((e) => e.id === 'sales')
        .map((e) => (
          <div key={e.id} className={styles.section} data-example={e.id}>
            <h4>{EXAMPLE_TEXT[e.id] ? i18n._(EXAMPLE_TEXT[e.id]!.title) : e.title}</h4>
            <p className={styles.muted}>{EXAMPLE_TEXT[e.id] ? i18n._(EXAMPLE_TEXT[e.id]!.explains) : e.explains}</p>
            <pre className={styles.pre}>
              <code data-testid={`example-${e.id}`}>{e.command}</code>
            </pre>
          </div>
        ))}
    </section>
  );
}
