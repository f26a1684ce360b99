import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PLANS, describeSaleFee } from '@stitchhouse/shared/plans.ts';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { FeaturedCatalog, FollowedPatterns } from '../features/featured/index.tsx';
import { Actions, CtaBand, FeatureGrid, Section, Steps, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import * as styles from './Home.module.css';

const HOW_BUYING_WORKS: FeatureItem[] = [
  {
    title: 'Find a pattern that fits you',
    body: (
      <p>
        Filter the catalog by craft, garment, difficulty, paper format and language. Enter your own measurements once and “fits me” shows the patterns whose
        size chart includes you.
      </p>
    ),
  },
  {
    title: 'Buy it once',
    body: <p>Pay by card in one checkout, for one pattern or several. The designer is paid for every sale through Stripe, straight to their bank.</p>,
  },
  {
    title: 'Download every format',
    body: (
      <p>
        Every format the designer offers comes with the pattern: A4 and US Letter for home printing, A0 for the copy shop and projector files for cutting
        straight from the table. Your library keeps them, so you can download again later.
      </p>
    ),
  },
  {
    title: 'Stamped with your name',
    body: (
      <p>
        Each file you download carries your name and order number on every page. It tells the world the copy is yours, and it keeps the designer’s work from
        being passed around.
      </p>
    ),
  },
  {
    title: 'Corrections come to you',
    body: <p>When a designer fixes a mistake or adds a size, you get an e-mail and the new version waits in your library at no cost.</p>,
  },
];

const AUDIENCES: FeatureItem[] = [
  {
    icon: 'thread',
    title: 'For makers',
    body: (
      <>
        <p>Independent sewing, quilting, knitting and crochet patterns, with sizes, yardage and notions stated before you buy.</p>
        <p>
          <Link to={href('/patterns')}>Browse the catalog</Link>
        </p>
      </>
    ),
  },
  {
    icon: 'pencil',
    title: 'For designers',
    body: (
      <>
        <p>
          Open a store for free and keep more of every sale: {describeSaleFee('free')} on Free, {describeSaleFee('pro')} on {PLANS.pro.name}, card processing
          included.
        </p>
        <p>
          <Link to={href('/designers')}>Why sell here</Link>
        </p>
      </>
    ),
  },
  {
    icon: 'shop',
    title: 'For fabric and craft shops',
    body: (
      <>
        <p>A storefront for your shop, wholesale prices on printed patterns and in-shop printing with royalties reported for you.</p>
        <p>
          <Link to={href('/retailers')}>What shops get</Link>
        </p>
      </>
    ),
  },
];

export default function Home() {
  return (
    <>
      <div className={styles.hero}>
        <PageHeading
          title="Sewing and craft patterns"
          eyebrow={`Welcome to ${BRAND_NAME}`}
          lead="Buy a pattern once, download it in every format, and get every correction the designer makes. Designers keep more of each sale; local shops can sell their patterns too."
        >
          Patterns from the people who draft them
        </PageHeading>
        <Actions>
          <LinkButton to={href('/patterns')} size="large">
            Browse patterns
          </LinkButton>
          <LinkButton to={href('/sign-up')} variant="secondary" size="large">
            Open a store
          </LinkButton>
        </Actions>
      </div>

      <FollowedPatterns />
      <FeaturedCatalog />

      <Section title="How buying works" lead="No subscription needed. A pattern you buy stays in your library.">
        <Steps items={HOW_BUYING_WORKS} />
      </Section>

      <Section title="Sizing that starts from you" tone="sunken">
        <div className={styles.fits}>
          <div>
            <p>
              Every brand’s “size 12” is different, so {BRAND_NAME} works from measurements. Designers enter their size chart in centimetres or inches. You save
              your bust, waist and hip once in your account.
            </p>
            <p>
              The catalog can then show only patterns that include your measurements. Each pattern page suggests the size to start from and tells you where you
              fall between two sizes. The yardage table works out the fabric you need for your size and fabric width.
            </p>
          </div>
          <figure className={styles.fitsFigure}>
            <figcaption className={styles.fitsCaption}>For example</figcaption>
            <dl className={styles.fitsExample}>
              <div>
                <dt>Your hip</dt>
                <dd>112 cm</dd>
              </div>
              <div>
                <dt>Pattern range</dt>
                <dd>84–152 cm</dd>
              </div>
              <div>
                <dt>Start from</dt>
                <dd>Size 20</dd>
              </div>
              <div>
                <dt>Fabric, 140 cm wide</dt>
                <dd>2.4 m</dd>
              </div>
            </dl>
          </figure>
        </div>
      </Section>

      <Section title="One marketplace, three ways in">
        <FeatureGrid items={AUDIENCES} />
      </Section>

      <CtaBand
        title="Make something this weekend"
        actions={
          <>
            <LinkButton to={href('/sign-up')}>Create a free account</LinkButton>
            <LinkButton to={href('/pricing')} variant="secondary">
              See designer pricing
            </LinkButton>
          </>
        }
      >
        <p>A free account keeps every pattern you buy in one library. Designers and shops can open their store from the same account.</p>
      </CtaBand>
    </>
  );
}
