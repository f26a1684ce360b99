import { useSearchParams } from 'react-router';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { FeatureGrid, Section, Steps, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import { ConfirmPanel } from '../features/newsletter/ConfirmPanel.tsx';
import { SubscribeForm } from '../features/newsletter/SubscribeForm.tsx';
import { UnsubscribePanel } from '../features/newsletter/UnsubscribePanel.tsx';
import * as styles from './Newsletter.module.css';

function contents(i18n: I18n): FeatureItem[] {
  return [
    { title: i18n._('shell.newsletterPage.contents.new.title'), icon: 'needle', body: <p>{i18n._('shell.newsletterPage.contents.new.body')}</p> },
    { title: i18n._('shell.newsletterPage.contents.sewAlongs.title'), icon: 'scissors', body: <p>{i18n._('shell.newsletterPage.contents.sewAlongs.body')}</p> },
    { title: i18n._('shell.newsletterPage.contents.errata.title'), icon: 'pencil', body: <p>{i18n._('shell.newsletterPage.contents.errata.body')}</p> },
  ];
}

function steps(i18n: I18n): FeatureItem[] {
  return [
    { title: i18n._('shell.newsletterPage.steps.enter.title'), body: <p>{i18n._('shell.newsletterPage.steps.enter.body')}</p> },
    { title: i18n._('shell.newsletterPage.steps.confirm.title'), body: <p>{i18n._('shell.newsletterPage.steps.confirm.body', { hours: 48 })}</p> },
    { title: i18n._('shell.newsletterPage.steps.leave.title'), body: <p>{i18n._('shell.newsletterPage.steps.leave.body')}</p> },
  ];
}

/** /newsletter: subscribe (double opt-in), ?confirm=<token> from the mail, ?unsubscribe=<token> from any issue. */
export default function Newsletter() {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const confirmToken = params.get('confirm');
  const unsubscribeToken = params.get('unsubscribe');

  if (confirmToken !== null) {
    return (
      <>
        <PageHeading title={i18n._('shell.newsletterPage.confirmTitle')} eyebrow={i18n._('shell.newsletterPage.eyebrow')}>
          {i18n._('shell.newsletterPage.confirmTitle')}
        </PageHeading>
        <ConfirmPanel token={confirmToken} />
      </>
    );
  }

  if (unsubscribeToken !== null) {
    return (
      <>
        <PageHeading title={i18n._('shell.newsletterPage.unsubscribeTitle')} eyebrow={i18n._('shell.newsletterPage.eyebrow')}>
          {i18n._('shell.newsletterPage.unsubscribeHeading', { brand: BRAND_NAME })}
        </PageHeading>
        <UnsubscribePanel token={unsubscribeToken} />
      </>
    );
  }

  return (
    <>
      <PageHeading title={i18n._('shell.newsletterPage.title')} eyebrow={i18n._('shell.newsletterPage.eyebrow')} lead={i18n._('shell.newsletterPage.lead')}>
        {i18n._('shell.newsletterPage.heading', { brand: BRAND_NAME })}
      </PageHeading>

      <section aria-labelledby="newsletter-subscribe" className={styles.subscribe}>
        <h2 id="newsletter-subscribe">{i18n._('shell.newsletterPage.subscribe')}</h2>
        <SubscribeForm />
      </section>

      <Section title={i18n._('shell.newsletterPage.contentsTitle')}>
        <FeatureGrid items={contents(i18n)} />
      </Section>

      <Section title={i18n._('shell.newsletterPage.stepsTitle')} tone="sunken">
        <Steps items={steps(i18n)} />
      </Section>
    </>
  );
}
