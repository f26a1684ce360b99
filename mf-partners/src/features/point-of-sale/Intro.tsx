import { useLingui } from '@lingui/react';
import { PRINT_ROYALTY_BP, PLANS } from '@stitchhouse/shared/pricing.ts';
import { POS_REQUESTS_PER_MINUTE } from '@stitchhouse/shared/pos/sales.ts';
import { formatRate } from '../shared/format.ts';
import * as styles from './pointOfSale.module.css';

/** What the integration does and how a shop starts: the marketing half every visitor sees. */
export function Intro() {
  const { i18n } = useLingui();
  return (
    <>
      <section className={styles.section} aria-labelledby="pos-what">
        <h2 id="pos-what">{i18n._('partners.pos.what')}</h2>
        <div className={styles.cards}>
          <div className={styles.card}>
            <h3>{i18n._('partners.pos.keys.title')}</h3>
            <p>{i18n._('partners.pos.what.keys')}</p>
          </div>
          <div className={styles.card}>
            <h3>{i18n._('partners.pos.what.feed.title')}</h3>
            <p>{i18n._('partners.pos.what.feed')}</p>
          </div>
          <div className={styles.card}>
            <h3>{i18n._('partners.pos.what.sales.title')}</h3>
            <p>{i18n._('partners.pos.what.sales')}</p>
          </div>
          <div className={styles.card}>
            <h3>{i18n._('partners.pos.what.csv.title')}</h3>
            <p>{i18n._('partners.pos.what.csv')}</p>
          </div>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="pos-royalties">
        <h2 id="pos-royalties">{i18n._('partners.pos.royalties')}</h2>
        <p>
          {i18n._('partners.pos.royalties.body', {
            royalty: formatRate(PRINT_ROYALTY_BP),
            free: formatRate(PLANS.free.royaltyFeeBasisPoints),
            pro: formatRate(PLANS.pro.royaltyFeeBasisPoints),
          })}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="pos-start">
        <h2 id="pos-start">{i18n._('partners.pos.start')}</h2>
        <ol className={styles.steps}>
          <li>{i18n._('partners.pos.start.shop')}</li>
          <li>{i18n._('partners.pos.start.key', { plan: PLANS.pro.name })}</li>
          <li>{i18n._('partners.pos.start.connect')}</li>
          <li>{i18n._('partners.pos.start.settle')}</li>
        </ol>
        <p className={styles.muted}>{i18n._('partners.pos.start.limit', { count: POS_REQUESTS_PER_MINUTE, lines: 500 })}</p>
      </section>
    </>
  );
}
