import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { BRAND_CONTACT, BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PLANS, describeSaleFee } from '@stitchhouse/shared/plans.ts';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { CtaBand, FeatureGrid, Prose, Section, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import * as styles from './About.module.css';

const PROMISES: FeatureItem[] = [
  {
    title: 'Plain fees, stated once',
    body: (
      <p>
        {describeSaleFee('free')} on the Free plan, {describeSaleFee('pro')} on {PLANS.pro.name}, card processing included. The{' '}
        <Link to={href('/pricing')}>pricing page</Link> shows the same numbers our checkout charges.
      </p>
    ),
  },
  {
    title: 'Designers set the price',
    body: <p>We don’t run site-wide sales on designers’ work or push them into discounts. Discounts are the designer’s decision.</p>,
  },
  {
    title: 'Your library stays yours',
    body: <p>Patterns you buy stay in your library with every format and every update. You can export your account data from your account page at any time.</p>,
  },
  {
    title: 'Shops are part of it',
    body: (
      <p>Local fabric and yarn shops can sell designers’ patterns in the shop, printed or by e-mail. Each sale is reported to the designer as a royalty.</p>
    ),
  },
  {
    title: 'Usable by everyone',
    body: (
      <p>
        We build every page to work with a keyboard and a screen reader, on screens from 320 pixels wide. If your system asks for less motion, nothing on{' '}
        {BRAND_NAME} moves.
      </p>
    ),
  },
  {
    title: 'Sizing with real measurements',
    body: <p>Size charts are data, not pictures, so you can search by your own measurements and see the fabric you need for your size.</p>,
  },
];

export default function About() {
  return (
    <>
      <PageHeading
        title="About us"
        eyebrow="About"
        lead={`${BRAND_NAME} is a marketplace for sewing and craft patterns, built around the people who draft them, make from them and sell them in their shops.`}
      >
        A fairer home for independent patterns
      </PageHeading>

      <Prose>
        <p>
          Independent designers sell their PDF patterns wherever they can: large general marketplaces, their own storefronts, pattern sites that take a large
          cut. Each has a catch. Fees add up before card processing. Platform-wide sales devalue the work. Files can’t be updated for past buyers. Nothing
          deters sharing. Local shops that want to stock the pattern have no easy way to do it.
        </p>
        <p>
          Makers have their own frustrations: ten files with unclear names, size charts that don’t match their body, yardage for the wrong fabric width, and
          purchases that vanish when a platform closes.
        </p>
        <p className={styles.statement}>{BRAND_NAME} exists to fix those things for both sides.</p>
      </Prose>

      <Section title="What we promise">
        <FeatureGrid items={PROMISES} />
      </Section>

      <Section title="How we earn our living" tone="sunken">
        <Prose>
          <p>
            We take a fee on each sale and charge a monthly price for the {PLANS.pro.name} plan. That’s all. We don’t sell advertising, and we don’t sell or
            share your data with anyone who would. Payments go through Stripe; designers are paid into their own Stripe account.
          </p>
        </Prose>
      </Section>

      <Section title="Get in touch">
        <Prose>
          <p>
            Questions, ideas or a problem with an order: write to <a href={`mailto:${BRAND_CONTACT.support}`}>{BRAND_CONTACT.support}</a>. People answer,
            usually within two working days.
          </p>
        </Prose>
      </Section>

      <CtaBand
        title="Come and make with us"
        actions={
          <>
            <LinkButton to={href('/patterns')}>Browse patterns</LinkButton>
            <LinkButton to={href('/designers')} variant="secondary">
              Sell your patterns
            </LinkButton>
          </>
        }
      />
    </>
  );
}
