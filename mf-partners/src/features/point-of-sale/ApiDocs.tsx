import { posExamples, TILL_KEY_VARIABLE } from '@stitchhouse/shared/pos/examples.ts';
import { MAX_SALE_LINES, REASONS } from '@stitchhouse/shared/pos/sales.ts';
import * as styles from './pointOfSale.module.css';

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
  const examples = posExamples({ functionsUrl, patternId: patternId ?? 'PATTERN_ID_FROM_YOUR_FEED', soldAt: new Date().toISOString().slice(0, 19) + 'Z' });
  return (
    <section className={styles.section} aria-labelledby="pos-api" data-testid="pos-api">
      <h2 id="pos-api">Connect your till</h2>
      <p>
        Both endpoints take your till key as <code className={styles.code}>Authorization: Bearer shpos_…</code>. A wrong or revoked key gets{' '}
        <code className={styles.code}>401</code> and nothing is saved; too many requests get <code className={styles.code}>429</code> with{' '}
        <code className={styles.code}>Retry-After</code>. Every refusal is JSON{' '}
        <code className={styles.code}>{'{"error": {"code", "message", "details"}}'}</code>: act on <code className={styles.code}>code</code> (for example{' '}
        <code className={styles.code}>invalid_key</code>, <code className={styles.code}>rate_limited</code>,{' '}
        <code className={styles.code}>idempotency_key_reused</code>), show <code className={styles.code}>message</code>. In a terminal, put your key in a
        variable first:
      </p>
      <pre className={styles.pre}>
        <code>{`export ${TILL_KEY_VARIABLE}=shpos_…your key…`}</code>
      </pre>
      <h3>
        Catalog feed: <code className={styles.code}>GET {functionsUrl}/pos-catalog</code>
      </h3>
      <p>
        The patterns your shop carries: <code className={styles.code}>pattern_id</code>, title, designer, list price,{' '}
        <code className={styles.code}>print_royalty_cents</code> (what you owe per printed copy), copies in stock, and your wholesale price if your wholesale
        account is approved. JSON by default, CSV with <code className={styles.code}>?format=csv</code>. Keep the <code className={styles.code}>ETag</code>:
        sent back as <code className={styles.code}>If-None-Match</code>, the answer is <code className={styles.code}>304</code> until something changes.
      </p>
      {examples
        .filter((e) => e.id.startsWith('catalog'))
        .map((e) => (
          <div key={e.id} className={styles.section} data-example={e.id}>
            <h4>{e.title}</h4>
            <p className={styles.muted}>{e.explains}</p>
            <pre className={styles.pre}>
              <code data-testid={`example-${e.id}`}>{e.command}</code>
            </pre>
          </div>
        ))}
      <h3>
        Sales: <code className={styles.code}>POST {functionsUrl}/pos-sales</code>
      </h3>
      <p>
        Send <code className={styles.code}>{'{"lines": [...]}'}</code> (up to {MAX_SALE_LINES} lines) with an{' '}
        <code className={styles.code}>Idempotency-Key</code> header (e.g. your receipt number). Each line has <code className={styles.code}>external_id</code>{' '}
        (unique per sale line in your shop), <code className={styles.code}>pattern_id</code>, <code className={styles.code}>quantity</code>,{' '}
        <code className={styles.code}>unit_price_cents</code>, optional <code className={styles.code}>currency</code> (your shop’s by default) and{' '}
        <code className={styles.code}>sold_at</code>. The answer lists every line as <code className={styles.code}>accepted</code> (with the royalty owed),{' '}
        <code className={styles.code}>duplicate</code> (recorded before) or <code className={styles.code}>rejected</code> with a reason, for example “
        {REASONS.not_carried}”.
      </p>
      {examples
        .filter((e) => e.id === 'sales')
        .map((e) => (
          <div key={e.id} className={styles.section} data-example={e.id}>
            <h4>{e.title}</h4>
            <p className={styles.muted}>{e.explains}</p>
            <pre className={styles.pre}>
              <code data-testid={`example-${e.id}`}>{e.command}</code>
            </pre>
          </div>
        ))}
    </section>
  );
}
