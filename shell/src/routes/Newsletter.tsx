import { useSearchParams } from 'react-router';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { FeatureGrid, Section, Steps, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import { ConfirmPanel } from '../features/newsletter/ConfirmPanel.tsx';
import { SubscribeForm } from '../features/newsletter/SubscribeForm.tsx';
import { UnsubscribePanel } from '../features/newsletter/UnsubscribePanel.tsx';
import * as styles from './Newsletter.module.css';

const CONTENTS: FeatureItem[] = [
  {
    title: 'New patterns from designers you follow',
    icon: 'needle',
    body: <p>When a designer you follow publishes a pattern, it is in the next issue, with the sizes it comes in and the fabric it needs.</p>,
  },
  {
    title: 'Sew-alongs',
    icon: 'scissors',
    body: <p>Dates and sign-up links for sew-alongs run by our designers: one pattern, made together step by step, with the designer answering questions.</p>,
  },
  {
    title: 'Errata notices',
    icon: 'pencil',
    body: (
      <p>
        Corrections designers have made to their patterns, so you can check before you cut. If you bought the pattern, you also get the corrected file by e-mail
        straight away, newsletter or not.
      </p>
    ),
  },
];

const STEPS: FeatureItem[] = [
  { title: 'Enter your e-mail address', body: <p>Nothing else: no account needed.</p> },
  { title: 'Confirm from your inbox', body: <p>We send one e-mail with a link. Until you open it (within 48 hours), you get nothing else from us.</p> },
  { title: 'Leave whenever you like', body: <p>Every issue ends with a link that unsubscribes you in one click.</p> },
];

/** /newsletter: subscribe (double opt-in), ?confirm=<token> from the mail, ?unsubscribe=<token> from any issue. */
export default function Newsletter() {
  const [params] = useSearchParams();
  const confirmToken = params.get('confirm');
  const unsubscribeToken = params.get('unsubscribe');

  if (confirmToken !== null) {
    return (
      <>
        <PageHeading title="Confirm your subscription" eyebrow="Newsletter">
          Confirm your subscription
        </PageHeading>
        <ConfirmPanel token={confirmToken} />
      </>
    );
  }

  if (unsubscribeToken !== null) {
    return (
      <>
        <PageHeading title="Unsubscribe" eyebrow="Newsletter">
          Unsubscribe from the {BRAND_NAME} newsletter
        </PageHeading>
        <UnsubscribePanel token={unsubscribeToken} />
      </>
    );
  }

  return (
    <>
      <PageHeading
        title="Newsletter"
        eyebrow="Newsletter"
        lead="New patterns from the designers you follow, sew-alongs you can join and corrections worth knowing about, in your inbox."
      >
        The {BRAND_NAME} newsletter
      </PageHeading>

      <section aria-labelledby="newsletter-subscribe" className={styles.subscribe}>
        <h2 id="newsletter-subscribe">Subscribe</h2>
        <SubscribeForm />
      </section>

      <Section title="What’s in it">
        <FeatureGrid items={CONTENTS} />
      </Section>

      <Section title="How it works" tone="sunken">
        <Steps items={STEPS} />
      </Section>
    </>
  );
}
