/**
 * The curl commands the point-of-sale page documents, built for this very instance (the
 * functions URL of the runtime config). A backend test runs each of them with real curl.
 * They read the key from $STITCHHOUSE_TILL_KEY so nobody pastes a key into a shared terminal log.
 */
export interface PosExampleContext {
  /** e.g. http://localhost:54321/functions/v1 */
  functionsUrl: string;
  /** A pattern the shop carries, for the sale example. */
  patternId: string;
  /** The sale's date and time (ISO), e.g. now. */
  soldAt: string;
}

export interface PosExample {
  id: 'catalog-json' | 'catalog-csv' | 'catalog-etag' | 'sales';
  title: string;
  /** What the command shows, one sentence. */
  explains: string;
  command: string;
}

export const TILL_KEY_VARIABLE = 'STITCHHOUSE_TILL_KEY';

export function posExamples({ functionsUrl, patternId, soldAt }: PosExampleContext): PosExample[] {
  const base = functionsUrl.replace(/\/$/, '');
  const auth = `-H "Authorization: Bearer $${TILL_KEY_VARIABLE}"`;
  const sale = JSON.stringify({
    lines: [{ external_id: 'receipt-1042-1', pattern_id: patternId, quantity: 1, unit_price_cents: 1800, sold_at: soldAt }],
  });
  return [
    {
      id: 'catalog-json',
      title: 'Catalog feed as JSON',
      explains: 'Every pattern your shop carries, with its list price, the royalty per printed copy and your wholesale price.',
      command: `curl -sS "${base}/pos-catalog" ${auth}`,
    },
    {
      id: 'catalog-csv',
      title: 'Catalog feed as CSV',
      explains: 'The same feed as a spreadsheet-friendly CSV file.',
      command: `curl -sS "${base}/pos-catalog?format=csv" ${auth} -o catalog.csv && head -n 3 catalog.csv`,
    },
    {
      id: 'catalog-etag',
      title: 'Only when something changed (ETag)',
      explains: 'Send back the ETag of your last copy: the answer is 304 Not Modified until the catalog changes.',
      command: [
        `etag=$(curl -sS -D - -o /dev/null "${base}/pos-catalog" ${auth} | tr -d '\\r' | awk 'tolower($1) == "etag:" { print $2 }')`,
        `curl -sS -o /dev/null -w "%{http_code}\\n" "${base}/pos-catalog" ${auth} -H "If-None-Match: $etag"`,
      ].join('\n'),
    },
    {
      id: 'sales',
      title: 'Report a sale',
      explains:
        'Each line comes back accepted, duplicate or rejected with a reason. Sending the same request with the same Idempotency-Key again records nothing new.',
      command: `curl -sS -X POST "${base}/pos-sales" ${auth} \\\n  -H "Content-Type: application/json" -H "Idempotency-Key: receipt-1042" \\\n  -d '${sale}'`,
    },
  ];
}
