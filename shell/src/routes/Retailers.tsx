import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PLANS, formatBasisPoints } from '@stitchhouse/shared/plans.ts';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { CtaBand, FeatureGrid, Section, Steps, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import * as styles from './Retailers.module.css';

const WHAT_SHOPS_GET: FeatureItem[] = [
  {
    icon: 'needle',
    title: 'A storefront for your shop',
    body: (
      <p>
        Your own page at /stores/your-shop with your address, opening details and the patterns you stock. Customers who find a pattern online can see that you
        carry it around the corner.
      </p>
    ),
  },
  {
    icon: 'print',
    title: 'Print copies on demand',
    body: (
      <p>
        No boxes of envelopes gathering dust. Print a licensed pattern in the shop when a customer wants it, at 100 % scale on your own printer or plotter. Each
        print is counted and the designer is paid for it.
      </p>
    ),
  },
  {
    icon: 'tag',
    title: 'Wholesale prices',
    body: (
      <p>
        Apply for a wholesale account with your business details. Once it’s approved, designers’ wholesale prices for printed copies show across the catalog.
      </p>
    ),
  },
  {
    icon: 'receipt',
    title: 'Point-of-sale integration',
    body: (
      <p>
        Connect your till with an API key to get the catalog feed and report sales as they happen. No integration? Upload a CSV of the week’s in-shop sales
        instead. <Link to={href('/point-of-sale-integration')}>How it works</Link>.
      </p>
    ),
  },
  {
    icon: 'handshake',
    title: 'Royalties reported for you',
    body: <p>Every in-shop sale becomes a royalty line in the designer’s reports, so you never have to invoice designers or fill in their spreadsheets.</p>,
  },
  {
    icon: 'chart',
    title: 'A monthly statement',
    body: <p>Each month, per designer: the printed copies you reported and the royalty you owe, to download as CSV or print.</p>,
  },
];

const HOW_TO_START: FeatureItem[] = [
  {
    title: 'Create an account and open a shop store',
    body: <p>Choose “I am a shop” when you sign up, then add your shop’s name, address and logo.</p>,
  },
  {
    title: 'Apply for wholesale',
    body: <p>Send your business name, address and tax number. We check every application by hand, usually within two working days.</p>,
  },
  {
    title: 'Pick the patterns you carry',
    body: <p>Add designers’ patterns to your shop’s list. They appear on your storefront, and you can print them in the shop.</p>,
  },
  {
    title: 'Connect your till, or upload sales',
    body: <p>Create an API key for your point-of-sale system, or upload a CSV of in-shop sales. Royalties are worked out automatically.</p>,
  },
];

export default function Retailers() {
  return (
    <>
      <PageHeading
        title="For retailers"
        eyebrow="For fabric and craft shops"
        lead={`Sell independent designers’ patterns in your shop without stocking paper, and let ${BRAND_NAME} keep the designers paid.`}
      >
        Bring indie patterns to your shop floor
      </PageHeading>
      <div className={styles.heroActions}>
        <LinkButton to={href('/sign-up')} size="large">
          Open a shop store
        </LinkButton>
        <LinkButton to={href('/account/wholesale')} variant="secondary" size="large">
          Apply for wholesale
        </LinkButton>
      </div>

      <Section title="What shops get">
        <FeatureGrid items={WHAT_SHOPS_GET} />
      </Section>

      <Section title="What it costs" tone="sunken">
        <p className={styles.narrow}>
          A shop store is free. You pay designers their wholesale or royalty price. Of each royalty, {BRAND_NAME} keeps{' '}
          {formatBasisPoints(PLANS.free.royaltyFeeBasisPoints)} when the designer is on the Free plan or {formatBasisPoints(PLANS.pro.royaltyFeeBasisPoints)}{' '}
          when they are on {PLANS.pro.name}. It comes out of the designer’s share and is never added to your bill. The point-of-sale integration is part of{' '}
          {PLANS.pro.name}; on Free you can upload sales as CSV. <Link to={href('/pricing')}>Full pricing</Link>.
        </p>
      </Section>

      <Section title="How to start">
        <Steps items={HOW_TO_START} />
      </Section>

      <CtaBand
        title="Want to supply fabric or resell patterns instead?"
        actions={
          <>
            <LinkButton to={href('/partners/suppliers')}>Suppliers</LinkButton>
            <LinkButton to={href('/partners/resellers')} variant="secondary">
              Resellers
            </LinkButton>
          </>
        }
      >
        <p>Fabric and notions suppliers and pattern resellers join through the partner programme.</p>
      </CtaBand>
    </>
  );
}
