import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { BRAND_CONTACT, BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { Prose } from '../features/layout/PageBlocks.tsx';
import * as styles from './Legal.module.css';

const UPDATED = '1 December 2026';

const DATA_WE_USE = [
  {
    what: 'Account: e-mail address, password (stored only as a hash), display name, avatar, roles, second-factor settings',
    why: 'To give you an account, sign you in and keep it secure',
    basis: 'Contract; legitimate interest in security',
  },
  {
    what: 'Purchases: what you bought, when, price, currency, order number, payment status (never your full card number)',
    why: 'To deliver patterns, keep your library, handle refunds and keep accounts',
    basis: 'Contract; legal obligation (tax and accounting)',
  },
  {
    what: 'Downloads: which file, which format, when',
    why: 'To stamp each file with your name and order number, apply download limits and spot abuse',
    basis: 'Contract; legitimate interest in protecting designers’ work',
  },
  {
    what: 'Measurements you choose to save (bust, waist, hip)',
    why: 'To show patterns that fit you and suggest a size',
    basis: 'Consent (you can delete them at any time)',
  },
  {
    what: 'Store details: name, address of a shop, logo, bio, country, currency, tax number for wholesale, payout account reference',
    why: 'To run your store, pay you and check wholesale and partner applications',
    basis: 'Contract; legal obligation',
  },
  {
    what: 'Point-of-sale reports: in-shop sales a shop reports (pattern, quantity, price, date), without customer details',
    why: 'To pay royalties to designers and produce reports',
    basis: 'Contract',
  },
  {
    what: 'Reviews you publish: stars, text and photos of your make',
    why: 'To show other makers how a pattern turns out',
    basis: 'Consent (you choose to publish; you can delete a review at any time)',
  },
  {
    what: 'Newsletter: e-mail address, confirmation and unsubscribe times',
    why: 'To send the newsletter you asked for',
    basis: 'Consent, confirmed by e-mail (double opt-in)',
  },
  {
    what: 'Technical logs: IP address, browser type, time and result of requests',
    why: 'To keep the service running and secure and to investigate misuse',
    basis: 'Legitimate interest in a working, secure service',
  },
];

const RETENTION = [
  { what: 'Account data', how: 'Until you delete your account, then removed within 30 days' },
  { what: 'Orders, invoices, payouts', how: 'As long as tax and accounting law requires (up to 10 years), then deleted' },
  { what: 'Download records', how: '24 months after the download' },
  { what: 'Saved measurements', how: 'Until you delete them or your account' },
  { what: 'Reviews and their photos', how: 'Until you delete them or your account (deleted with it, not kept under another name)' },
  {
    what: 'Payment provider’s messages about your payments',
    how: 'As long as the order they belong to; when you delete your account, your name, e-mail address, phone and address are removed from them',
  },
  { what: 'Newsletter address', how: 'Until you unsubscribe; unconfirmed sign-ups after 30 days' },
  { what: 'Technical logs', how: '30 days, longer only while investigating a specific incident' },
];

export default function PrivacyPolicy() {
  return (
    <>
      <PageHeading title="Privacy policy" eyebrow="Legal" lead={`How ${BRAND_NAME} handles your personal data, in plain language. Last updated ${UPDATED}.`}>
        Privacy policy
      </PageHeading>
      <Prose>
        <h2>Who is responsible</h2>
        <p>
          {BRAND_NAME}, the operator of this marketplace, is the controller of the personal data described here. For anything about your data, write to{' '}
          <a href={`mailto:${BRAND_CONTACT.privacy}`}>{BRAND_CONTACT.privacy}</a>. We reply within one month, usually much sooner.
        </p>
        <p>Designers and shops who sell through {BRAND_NAME} are responsible for what they do with the order details they see (see “Who sees your data”).</p>

        <h2>What we collect, why, and on what legal basis</h2>
        <p>We collect only what the marketplace needs to work. We never sell personal data, and there is no advertising on {BRAND_NAME}.</p>
        <div className={styles.tableWrap} role="region" aria-label="Personal data we process" tabIndex={0}>
          <table>
            <caption className={styles.caption}>Personal data we process</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Purpose</th>
                <th scope="col">Legal basis</th>
              </tr>
            </thead>
            <tbody>
              {DATA_WE_USE.map((row) => (
                <tr key={row.what}>
                  <td>{row.what}</td>
                  <td>{row.why}</td>
                  <td>{row.basis}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          “Contract” means we need the data to provide what you signed up for. “Legitimate interest” means a reason we have weighed against your rights; you can
          object to it (see “Your rights”).
        </p>

        <h2>Your name on your patterns</h2>
        <p>
          When you download a pattern, we print your name and order number on every page of the file and add them to the file’s metadata. This deters sharing
          and protects the designers whose work you buy. The stamp is only in your copy; the designer’s original is untouched.
        </p>

        <h2>Who sees your data</h2>
        <ul>
          <li>
            <strong>Designers</strong> see the name, country and order details of people who bought their patterns, so they can help with a problem and so their
            sales reports add up. They don’t get your e-mail address from us; file updates are sent by {BRAND_NAME}.
          </li>
          <li>
            <strong>Shops</strong> see only their own in-shop sales and wholesale orders. Designers see those as totals per shop.
          </li>
          <li>
            <strong>Other visitors</strong> see only what is public: store pages and published patterns.
          </li>
        </ul>

        <h3>Service providers (processors)</h3>
        <ul>
          <li>
            <strong>Supabase</strong> hosts our database, sign-in service and file storage. It processes data only on our instructions.
          </li>
          <li>
            <strong>Stripe</strong> processes card payments and, for designers and shops, runs payout accounts (Stripe Connect), including the identity checks
            the law requires. For those checks, Stripe is also responsible for the data it collects under its own privacy policy.
          </li>
          <li>
            <strong>Our e-mail delivery service</strong> sends sign-in links, receipts, file updates and the newsletter.
          </li>
        </ul>
        <p>
          Some of these providers may process data outside the European Economic Area. Where they do, the transfer is covered by the European Commission’s
          standard contractual clauses or an adequacy decision. You can ask us for a copy of the safeguards.
        </p>
        <p>We disclose data to authorities only where the law obliges us to.</p>

        <h2>How long we keep it</h2>
        <div className={styles.tableWrap} role="region" aria-label="Retention periods" tabIndex={0}>
          <table>
            <caption className={styles.caption}>Retention periods</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Kept for</th>
              </tr>
            </thead>
            <tbody>
              {RETENTION.map((row) => (
                <tr key={row.what}>
                  <td>{row.what}</td>
                  <td>{row.how}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <h2>Cookies and storage on your device</h2>
        <p>
          {BRAND_NAME} uses no tracking, advertising or analytics cookies. When you sign in, your browser keeps your session (a sign-in token that is renewed
          automatically) in its local storage, so that you stay signed in between pages. This is strictly necessary for the service you asked for, so it needs
          no consent banner. Signing out removes it.
        </p>

        <h2>Your rights</h2>
        <p>Under data protection law (including the GDPR and the UK GDPR) you can:</p>
        <ul>
          <li>
            get a copy of your data: use “Export my data” on your <Link to={href('/account')}>account page</Link>, or write to us;
          </li>
          <li>have wrong data corrected: most of it you can edit yourself in your account;</li>
          <li>have your data deleted: use “Delete my account”; we keep only what tax law makes us keep, and we keep it locked away from any other use;</li>
          <li>restrict how we use it, or object to processing based on legitimate interest;</li>
          <li>take your data to another service in a machine-readable format, using the same export;</li>
          <li>withdraw consent at any time, for example by unsubscribing from the newsletter or deleting saved measurements;</li>
          <li>complain to your data protection supervisory authority. We’d appreciate the chance to sort things out first.</li>
        </ul>

        <h2>When you delete your account</h2>
        <p>
          Deleting your account removes, at once: your profile and sign-in details, your avatar, your wholesale documents and exports, your reviews with their
          photos (and a store’s reply to them), your download records and newsletter subscription. The messages our payment provider sent us about your payments
          keep only what the books need (amounts, dates, references); your name, e-mail address, phone number and address are removed from them. Orders stay for
          tax and accounting law, without your name or e-mail address. If you ran a store that has sales, it is closed and its patterns archived, so people who
          bought them keep their copies.
        </p>
        <p>
          We delete your reviews rather than keep them under another name: a review is your own words and pictures of your make, nobody could edit or withdraw
          it for you once the account is gone, and its text or photos often say who wrote it. The pattern’s rating is worked out again without it.
        </p>

        <h2>Security</h2>
        <p>
          Connections are encrypted. Passwords are stored only as hashes. Access to data is restricted by row-level security in the database, so each account
          can reach only its own records. You can add a second factor (an authenticator app) from your account settings.
        </p>

        <h2>Children</h2>
        <p>{BRAND_NAME} is not meant for children under 16, and we don’t knowingly collect their data.</p>

        <h2>Changes to this policy</h2>
        <p>
          If we change how we use your data, we update this page and change the date at the top. For significant changes, we tell account holders by e-mail
          before they take effect.
        </p>
        <p>
          See also our <Link to={href('/legal/terms-of-use')}>terms of use</Link>.
        </p>
      </Prose>
    </>
  );
}
