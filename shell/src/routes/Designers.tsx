import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PLANS, describeSaleFee } from '@stitchhouse/shared/pricing.ts';
import { SaleExample } from '@stitchhouse/shared/saleExample.tsx';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { CtaBand, FeatureGrid, Section, Steps, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import * as styles from './Designers.module.css';

const REASONS: FeatureItem[] = [
  {
    icon: 'coins',
    title: 'Fees you can work out on a napkin',
    body: (
      <p>
        {describeSaleFee('free')} on Free, {describeSaleFee('pro')} on {PLANS.pro.name}, with card processing included. No listing fees, no renewal fees, no
        surprise “offsite ads” cut. <Link to={href('/pricing')}>See the maths</Link>.
      </p>
    ),
  },
  {
    icon: 'bank',
    title: 'Paid through Stripe Connect',
    body: (
      <p>
        Connect your own Stripe account once. Your share of each sale goes straight to it, and Stripe pays out to your bank on its normal schedule for your
        country. You can see payout status at any time.
      </p>
    ),
  },
  {
    icon: 'update',
    title: 'Versioned files, updates e-mailed',
    body: (
      <p>
        Upload a corrected file and it becomes the new version for every format. Everyone who bought the pattern gets an e-mail and the new file in their
        library. No more sending errata by hand.
      </p>
    ),
  },
  {
    icon: 'stamp',
    title: 'Stamped downloads',
    body: (
      <p>
        Every page of every download carries the buyer’s name and order number, in every format including A0 and projector files. Your original file is never
        changed.
      </p>
    ),
  },
  {
    icon: 'shop',
    title: 'Stocked by real shops',
    body: (
      <p>
        Fabric and craft shops can carry your patterns. They print copies in the shop or sell them at the till through our point-of-sale integration. Every sale
        is reported to you as a royalty; nobody has to chase an invoice.
      </p>
    ),
  },
  {
    icon: 'chart',
    title: 'Reports across every channel',
    body: (
      <p>
        Sales by pattern and format, downloads, customers, payouts, wholesale orders and in-shop royalties, all in one place. On {PLANS.pro.name}, choose any
        date range and export reports as CSV.
      </p>
    ),
  },
];

const GETTING_STARTED: FeatureItem[] = [
  { title: 'Create your account', body: <p>Sign up with your e-mail and choose “I am a designer”.</p> },
  { title: 'Open your store', body: <p>Pick a store name and address (for example /stores/blue-thimble), add a logo and a short bio.</p> },
  { title: 'Connect payouts', body: <p>Stripe’s onboarding asks for your identity and bank details. It takes about ten minutes.</p> },
  {
    title: 'Upload a pattern',
    body: (
      <p>
        Add one file per format, a size chart, fabric requirements, difficulty and a licence: personal use, or small business for makers who sell what they sew.
        Then publish.
      </p>
    ),
  },
];

export default function Designers() {
  return (
    <>
      <PageHeading
        title="For designers"
        eyebrow="For designers"
        lead={
          <>
            Open a store on {BRAND_NAME} for free. <SaleExample />
          </>
        }
      >
        Sell your patterns, keep your customers’ trust
      </PageHeading>
      <div className={styles.heroActions}>
        <LinkButton to={href('/sign-up')} size="large">
          Open your store
        </LinkButton>
        <LinkButton to={href('/pricing')} variant="secondary" size="large">
          Compare plans
        </LinkButton>
      </div>

      <Section title="Why designers sell here">
        <FeatureGrid items={REASONS} />
      </Section>

      <Section title="Your prices, your discounts" tone="sunken">
        <p className={styles.narrow}>
          {BRAND_NAME} never runs site-wide sales on your work or makes you join promotions to stay visible. You set the price of each pattern, and an optional
          wholesale price for shops that print copies. Give a pattern away for free if you like; free patterns carry no fee at all.
        </p>
      </Section>

      <Section title="Getting started">
        <Steps items={GETTING_STARTED} />
      </Section>

      <CtaBand
        title="Your first pattern could be live tonight"
        actions={
          <>
            <LinkButton to={href('/sign-up')}>Create your store</LinkButton>
            <LinkButton to={href('/partners')} variant="secondary">
              Partner programme
            </LinkButton>
          </>
        }
      >
        <p>No monthly fee until you choose {PLANS.pro.name}, and you can switch back whenever you like.</p>
      </CtaBand>
    </>
  );
}
