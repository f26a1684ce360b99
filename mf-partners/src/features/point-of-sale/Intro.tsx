import { formatBasisPoints, PRINT_ROYALTY_BP, PLANS } from '@stitchhouse/shared/pricing.ts';
import { POS_REQUESTS_PER_MINUTE } from '@stitchhouse/shared/pos/sales.ts';
import * as styles from './pointOfSale.module.css';

/** What the integration does and how a shop starts: the marketing half every visitor sees. */
export function Intro() {
  return (
    <>
      <section className={styles.section} aria-labelledby="pos-what">
        <h2 id="pos-what">What it does</h2>
        <div className={styles.cards}>
          <div className={styles.card}>
            <h3>Till keys</h3>
            <p>Give each till its own key. We store only a fingerprint of it, show you when it was last used, and a revoked key stops working at once.</p>
          </div>
          <div className={styles.card}>
            <h3>Catalog feed</h3>
            <p>
              Your till reads the patterns you carry, with list, royalty and wholesale prices, as JSON or CSV, and only downloads it again when something
              changed.
            </p>
          </div>
          <div className={styles.card}>
            <h3>Sales endpoint</h3>
            <p>
              Each printed copy you sell is reported with a receipt number. Resending a sale never counts it twice, and every line tells you whether it was
              accepted.
            </p>
          </div>
          <div className={styles.card}>
            <h3>No till? Upload a CSV</h3>
            <p>Upload a spreadsheet of the week’s sales. We check every row before anything is saved and import only the good ones.</p>
          </div>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="pos-royalties">
        <h2 id="pos-royalties">Royalties, settled monthly</h2>
        <p>
          For every printed copy you sell you owe the designer {formatBasisPoints(PRINT_ROYALTY_BP)} of the pattern’s list price. Stitchhouse keeps{' '}
          {formatBasisPoints(PLANS.free.royaltyFeeBasisPoints)} of that royalty on the designer’s Free plan (
          {formatBasisPoints(PLANS.pro.royaltyFeeBasisPoints)} on Pro); the designer gets the rest. Each month’s statement lists, per designer, the copies you
          sold and what you owe; designers see the same figures in their statement and reports.
        </p>
      </section>
      <section className={styles.section} aria-labelledby="pos-start">
        <h2 id="pos-start">How to start</h2>
        <ol className={styles.steps}>
          <li>Open a retail shop on your account (name and street address) and add the patterns you print to your stock.</li>
          <li>
            On the {PLANS.pro.name} plan, create a till key below and store it in your till’s settings; it is shown once. (CSV uploads work on every plan.)
          </li>
          <li>Point your till at the catalog feed and the sales endpoint (examples below), or upload a CSV of your sales.</li>
          <li>Each month, settle what you owe from your statement.</li>
        </ol>
        <p className={styles.muted}>
          Each key may make {POS_REQUESTS_PER_MINUTE} requests a minute; a till that needs more should batch its sales (up to 500 lines a request).
        </p>
      </section>
    </>
  );
}
