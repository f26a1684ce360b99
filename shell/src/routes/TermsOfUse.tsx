import { href } from '@stitchhouse/shared';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { BRAND_CONTACT, BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PLANS } from '@stitchhouse/shared/plans.ts';
import { PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { Prose } from '../features/layout/PageBlocks.tsx';
import { PrevailingVersion, legalDate } from '../features/legal/PrevailingVersion.tsx';
import * as styles from './Legal.module.css';

const UPDATED = '2026-11-22';

/**
 * The terms, section by section: each text is a message id of the shell's catalog, worded at render
 * time. In a text, `<0>` is bold, `<1>` links to the privacy policy, `<2>` to the pricing page and
 * `<3>` is the legal address.
 */
interface TermsSection {
  id: string;
  title: string;
  lead?: string;
  items?: readonly string[];
  subsections?: ReadonlyArray<{ title: string; items: readonly string[] }>;
  after?: readonly string[];
}

const SECTIONS: readonly TermsSection[] = [
  {
    id: 'accounts',
    title: /*i18n*/ 'shell.terms.accounts.title',
    items: [
      /*i18n*/ 'shell.terms.accounts.age',
      /*i18n*/ 'shell.terms.accounts.email',
      /*i18n*/ 'shell.terms.accounts.roles',
      /*i18n*/ 'shell.terms.accounts.misuse',
    ],
  },
  {
    id: 'buying',
    title: /*i18n*/ 'shell.terms.buying.title',
    items: [
      /*i18n*/ 'shell.terms.buying.price',
      /*i18n*/ 'shell.terms.buying.complete',
      /*i18n*/ 'shell.terms.buying.stamp',
      /*i18n*/ 'shell.terms.buying.limits',
      /*i18n*/ 'shell.terms.buying.versions',
    ],
  },
  {
    id: 'licences',
    title: /*i18n*/ 'shell.terms.licences.title',
    lead: /*i18n*/ 'shell.terms.licences.lead',
    subsections: [
      {
        title: /*i18n*/ 'shell.terms.licences.personal.title',
        items: [/*i18n*/ 'shell.terms.licences.personal.print', /*i18n*/ 'shell.terms.licences.personal.make', /*i18n*/ 'shell.terms.licences.personal.share'],
      },
      {
        title: /*i18n*/ 'shell.terms.licences.business.title',
        items: [/*i18n*/ 'shell.terms.licences.business.sell', /*i18n*/ 'shell.terms.licences.business.limit', /*i18n*/ 'shell.terms.licences.business.credit'],
      },
    ],
  },
  {
    id: 'refunds',
    title: /*i18n*/ 'shell.terms.refunds.title',
    items: [
      /*i18n*/ 'shell.terms.refunds.withdrawal',
      /*i18n*/ 'shell.terms.refunds.faulty',
      /*i18n*/ 'shell.terms.refunds.card',
      /*i18n*/ 'shell.terms.refunds.consumerLaw',
    ],
  },
  {
    id: 'selling',
    title: /*i18n*/ 'shell.terms.selling.title',
    lead: /*i18n*/ 'shell.terms.selling.lead',
    items: [
      /*i18n*/ 'shell.terms.selling.own',
      /*i18n*/ 'shell.terms.selling.accurate',
      /*i18n*/ 'shell.terms.selling.files',
      /*i18n*/ 'shell.terms.selling.fix',
      /*i18n*/ 'shell.terms.selling.laws',
      /*i18n*/ 'shell.terms.selling.details',
    ],
    after: [/*i18n*/ 'shell.terms.selling.copyright'],
  },
  {
    id: 'fees',
    title: /*i18n*/ 'shell.terms.fees.title',
    items: [
      /*i18n*/ 'shell.terms.fees.agent',
      /*i18n*/ 'shell.terms.fees.stripe',
      /*i18n*/ 'shell.terms.fees.reversed',
      /*i18n*/ 'shell.terms.fees.pro',
      /*i18n*/ 'shell.terms.fees.notice',
    ],
  },
  {
    id: 'shops',
    title: /*i18n*/ 'shell.terms.shops.title',
    items: [/*i18n*/ 'shell.terms.shops.wholesale', /*i18n*/ 'shell.terms.shops.print', /*i18n*/ 'shell.terms.shops.scale', /*i18n*/ 'shell.terms.shops.keys'],
  },
  {
    id: 'content',
    title: /*i18n*/ 'shell.terms.content.title',
    items: [
      /*i18n*/ 'shell.terms.content.rights',
      /*i18n*/ 'shell.terms.content.illegal',
      /*i18n*/ 'shell.terms.content.malware',
      /*i18n*/ 'shell.terms.content.misleading',
    ],
    after: [/*i18n*/ 'shell.terms.content.removal'],
  },
  { id: 'ip', title: /*i18n*/ 'shell.terms.ip.title', lead: /*i18n*/ 'shell.terms.ip.body' },
  {
    id: 'liability',
    title: /*i18n*/ 'shell.terms.liability.title',
    items: [/*i18n*/ 'shell.terms.liability.available', /*i18n*/ 'shell.terms.liability.designers', /*i18n*/ 'shell.terms.liability.limits'],
  },
  {
    id: 'ending',
    title: /*i18n*/ 'shell.terms.ending.title',
    items: [/*i18n*/ 'shell.terms.ending.delete', /*i18n*/ 'shell.terms.ending.suspend', /*i18n*/ 'shell.terms.ending.close'],
  },
  { id: 'law', title: /*i18n*/ 'shell.terms.law.title', lead: /*i18n*/ 'shell.terms.law.body', after: [/*i18n*/ 'shell.terms.law.questions'] },
];

export default function TermsOfUse() {
  const { i18n } = useLingui();
  const values = { brand: BRAND_NAME, support: BRAND_CONTACT.support, legal: BRAND_CONTACT.legal, pro: PLANS.pro.name };
  const components = {
    0: <strong />,
    1: <Link to={href('/legal/privacy-policy')} />,
    2: <Link to={href('/pricing')} />,
    3: <a href={`mailto:${BRAND_CONTACT.legal}`}>{BRAND_CONTACT.legal}</a>,
  };
  const text = (id: string) => <Trans id={id} values={values} components={components} />;
  return (
    <>
      <PageHeading
        title={i18n._('shell.terms.title')}
        eyebrow={i18n._('shell.legal.eyebrow')}
        lead={i18n._('shell.terms.lead', { brand: BRAND_NAME, date: legalDate(i18n.locale, UPDATED) })}
      >
        {i18n._('shell.terms.title')}
      </PageHeading>
      <Prose>
        <PrevailingVersion englishPath={href('/legal/terms-of-use')} />
        <nav aria-label={i18n._('shell.terms.toc')} className={styles.toc}>
          <ol>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{i18n._(section.title)}</a>
              </li>
            ))}
          </ol>
        </nav>

        <p>{text(/*i18n*/ 'shell.terms.intro')}</p>

        {SECTIONS.map((section, index) => (
          <Fragment key={section.id}>
            <h2 id={section.id}>{i18n._('shell.terms.numbered', { number: index + 1, title: i18n._(section.title) })}</h2>
            {section.lead ? <p>{text(section.lead)}</p> : null}
            {section.items ? (
              <ul>
                {section.items.map((id) => (
                  <li key={id}>{text(id)}</li>
                ))}
              </ul>
            ) : null}
            {section.subsections?.map((sub) => (
              <Fragment key={sub.title}>
                <h3>{i18n._(sub.title)}</h3>
                <ul>
                  {sub.items.map((id) => (
                    <li key={id}>{text(id)}</li>
                  ))}
                </ul>
              </Fragment>
            ))}
            {section.after?.map((id) => (
              <p key={id}>{text(id)}</p>
            ))}
          </Fragment>
        ))}
      </Prose>
    </>
  );
}
