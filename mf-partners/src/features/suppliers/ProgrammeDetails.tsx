import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import * as styles from './suppliers.module.css';

/** Who the supplier programme is for and how it works. */
export function ProgrammeDetails() {
  const { i18n } = useLingui();
  return (
    <section className={styles.section} aria-labelledby="how-heading">
      <h2 id="how-heading">{i18n._('partners.suppliers.how')}</h2>
      <p>{i18n._('partners.suppliers.how.intro')}</p>
      <ol className={styles.steps}>
        <li>{i18n._('partners.suppliers.how.apply')}</li>
        <li>{i18n._('partners.suppliers.how.kits')}</li>
        <li>{i18n._('partners.suppliers.how.sell')}</li>
        <li>
          <Trans id="partners.suppliers.how.reports" components={{ 0: <Link to={href('/reports')} /> }} />
        </li>
      </ol>
      <p className={styles.muted}>{i18n._('partners.suppliers.how.rules')}</p>
    </section>
  );
}
