import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { BRAND_CONTACT, BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { Prose } from '../features/layout/PageBlocks.tsx';
import { PrevailingVersion, legalDate } from '../features/legal/PrevailingVersion.tsx';
import * as styles from './Legal.module.css';

const UPDATED = '2026-12-01';

/** Rows of "what we collect": message ids of the shell's catalog, worded at render time. */
const DATA_WE_USE = ['account', 'purchases', 'downloads', 'measurements', 'store', 'pointOfSale', 'reviews', 'newsletter', 'logs'] as const;
const DATA_TEXT: Record<(typeof DATA_WE_USE)[number], { what: string; why: string; basis: string }> = {
  account: {
    what: /*i18n*/ 'shell.privacy.data.account.what',
    why: /*i18n*/ 'shell.privacy.data.account.why',
    basis: /*i18n*/ 'shell.privacy.data.account.basis',
  },
  purchases: {
    what: /*i18n*/ 'shell.privacy.data.purchases.what',
    why: /*i18n*/ 'shell.privacy.data.purchases.why',
    basis: /*i18n*/ 'shell.privacy.data.purchases.basis',
  },
  downloads: {
    what: /*i18n*/ 'shell.privacy.data.downloads.what',
    why: /*i18n*/ 'shell.privacy.data.downloads.why',
    basis: /*i18n*/ 'shell.privacy.data.downloads.basis',
  },
  measurements: {
    what: /*i18n*/ 'shell.privacy.data.measurements.what',
    why: /*i18n*/ 'shell.privacy.data.measurements.why',
    basis: /*i18n*/ 'shell.privacy.data.measurements.basis',
  },
  store: {
    what: /*i18n*/ 'shell.privacy.data.store.what',
    why: /*i18n*/ 'shell.privacy.data.store.why',
    basis: /*i18n*/ 'shell.privacy.data.store.basis',
  },
  pointOfSale: {
    what: /*i18n*/ 'shell.privacy.data.pointOfSale.what',
    why: /*i18n*/ 'shell.privacy.data.pointOfSale.why',
    basis: /*i18n*/ 'shell.privacy.data.pointOfSale.basis',
  },
  reviews: {
    what: /*i18n*/ 'shell.privacy.data.reviews.what',
    why: /*i18n*/ 'shell.privacy.data.reviews.why',
    basis: /*i18n*/ 'shell.privacy.data.reviews.basis',
  },
  newsletter: {
    what: /*i18n*/ 'shell.privacy.data.newsletter.what',
    why: /*i18n*/ 'shell.privacy.data.newsletter.why',
    basis: /*i18n*/ 'shell.privacy.data.newsletter.basis',
  },
  logs: {
    what: /*i18n*/ 'shell.privacy.data.logs.what',
    why: /*i18n*/ 'shell.privacy.data.logs.why',
    basis: /*i18n*/ 'shell.privacy.data.logs.basis',
  },
};

const RETENTION = [
  { what: /*i18n*/ 'shell.privacy.retention.account.what', how: /*i18n*/ 'shell.privacy.retention.account.how' },
  { what: /*i18n*/ 'shell.privacy.retention.orders.what', how: /*i18n*/ 'shell.privacy.retention.orders.how' },
  { what: /*i18n*/ 'shell.privacy.retention.downloads.what', how: /*i18n*/ 'shell.privacy.retention.downloads.how' },
  { what: /*i18n*/ 'shell.privacy.retention.measurements.what', how: /*i18n*/ 'shell.privacy.retention.measurements.how' },
  { what: /*i18n*/ 'shell.privacy.retention.reviews.what', how: /*i18n*/ 'shell.privacy.retention.reviews.how' },
  { what: /*i18n*/ 'shell.privacy.retention.payments.what', how: /*i18n*/ 'shell.privacy.retention.payments.how' },
  { what: /*i18n*/ 'shell.privacy.retention.newsletter.what', how: /*i18n*/ 'shell.privacy.retention.newsletter.how' },
  { what: /*i18n*/ 'shell.privacy.retention.logs.what', how: /*i18n*/ 'shell.privacy.retention.logs.how' },
];

/** "Who sees your data" and the processors: `<0>` is the bold name. */
const WHO_SEES = [/*i18n*/ 'shell.privacy.who.designers', /*i18n*/ 'shell.privacy.who.shops', /*i18n*/ 'shell.privacy.who.visitors'];
const PROCESSORS = [/*i18n*/ 'shell.privacy.processors.supabase', /*i18n*/ 'shell.privacy.processors.stripe', /*i18n*/ 'shell.privacy.processors.email'];
/** "Your rights": `<0>` links to the account page. */
const RIGHTS = [
  /*i18n*/ 'shell.privacy.rights.copy',
  /*i18n*/ 'shell.privacy.rights.correct',
  /*i18n*/ 'shell.privacy.rights.delete',
  /*i18n*/ 'shell.privacy.rights.restrict',
  /*i18n*/ 'shell.privacy.rights.portability',
  /*i18n*/ 'shell.privacy.rights.withdraw',
  /*i18n*/ 'shell.privacy.rights.complain',
];

export default function PrivacyPolicy() {
  const { i18n } = useLingui();
  const values = { brand: BRAND_NAME, address: BRAND_CONTACT.privacy };
  return (
    <>
      <PageHeading
        title={i18n._('shell.privacy.title')}
        eyebrow={i18n._('shell.legal.eyebrow')}
        lead={i18n._('shell.privacy.lead', { brand: BRAND_NAME, date: legalDate(i18n.locale, UPDATED) })}
      >
        {i18n._('shell.privacy.title')}
      </PageHeading>
      <Prose>
        <PrevailingVersion englishPath={href('/legal/privacy-policy')} />

        <h2>{i18n._('shell.privacy.responsible.title')}</h2>
        <p>
          <Trans
            id="shell.privacy.responsible.body"
            values={values}
            components={{ 0: <a href={`mailto:${BRAND_CONTACT.privacy}`}>{BRAND_CONTACT.privacy}</a> }}
          />
        </p>
        <p>{i18n._('shell.privacy.responsible.sellers', values)}</p>

        <h2>{i18n._('shell.privacy.collect.title')}</h2>
        <p>{i18n._('shell.privacy.collect.lead', values)}</p>
        <div className={styles.tableWrap} role="region" aria-label={i18n._('shell.privacy.collect.caption')} tabIndex={0}>
          <table>
            <caption className={styles.caption}>{i18n._('shell.privacy.collect.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('shell.privacy.collect.data')}</th>
                <th scope="col">{i18n._('shell.privacy.collect.purpose')}</th>
                <th scope="col">{i18n._('shell.privacy.collect.basis')}</th>
              </tr>
            </thead>
            <tbody>
              {DATA_WE_USE.map((key) => (
                <tr key={key}>
                  <td>{i18n._(DATA_TEXT[key].what)}</td>
                  <td>{i18n._(DATA_TEXT[key].why)}</td>
                  <td>{i18n._(DATA_TEXT[key].basis)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>{i18n._('shell.privacy.collect.terms')}</p>

        <h2>{i18n._('shell.privacy.stamp.title')}</h2>
        <p>{i18n._('shell.privacy.stamp.body')}</p>

        <h2>{i18n._('shell.privacy.who.title')}</h2>
        <ul>
          {WHO_SEES.map((id) => (
            <li key={id}>
              <Trans id={id} values={values} components={{ 0: <strong /> }} />
            </li>
          ))}
        </ul>

        <h3>{i18n._('shell.privacy.processors.title')}</h3>
        <ul>
          {PROCESSORS.map((id) => (
            <li key={id}>
              <Trans id={id} values={values} components={{ 0: <strong /> }} />
            </li>
          ))}
        </ul>
        <p>{i18n._('shell.privacy.processors.transfers')}</p>
        <p>{i18n._('shell.privacy.processors.authorities')}</p>

        <h2>{i18n._('shell.privacy.retention.title')}</h2>
        <div className={styles.tableWrap} role="region" aria-label={i18n._('shell.privacy.retention.caption')} tabIndex={0}>
          <table>
            <caption className={styles.caption}>{i18n._('shell.privacy.retention.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('shell.privacy.collect.data')}</th>
                <th scope="col">{i18n._('shell.privacy.retention.keptFor')}</th>
              </tr>
            </thead>
            <tbody>
              {RETENTION.map((row) => (
                <tr key={row.what}>
                  <td>{i18n._(row.what)}</td>
                  <td>{i18n._(row.how)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <h2>{i18n._('shell.privacy.cookies.title')}</h2>
        <p>{i18n._('shell.privacy.cookies.body', values)}</p>

        <h2>{i18n._('shell.privacy.rights.title')}</h2>
        <p>{i18n._('shell.privacy.rights.lead')}</p>
        <ul>
          {RIGHTS.map((id) => (
            <li key={id}>
              <Trans id={id} values={values} components={{ 0: <Link to={href('/account')} /> }} />
            </li>
          ))}
        </ul>

        <h2>{i18n._('shell.privacy.deletion.title')}</h2>
        <p>{i18n._('shell.privacy.deletion.body')}</p>
        <p>{i18n._('shell.privacy.deletion.reviews')}</p>

        <h2>{i18n._('shell.privacy.security.title')}</h2>
        <p>{i18n._('shell.privacy.security.body')}</p>

        <h2>{i18n._('shell.privacy.children.title')}</h2>
        <p>{i18n._('shell.privacy.children.body', values)}</p>

        <h2>{i18n._('shell.privacy.changes.title')}</h2>
        <p>{i18n._('shell.privacy.changes.body')}</p>
        <p>
          <Trans id="shell.privacy.changes.seeAlso" components={{ 0: <Link to={href('/legal/terms-of-use')} /> }} />
        </p>
      </Prose>
    </>
  );
}
