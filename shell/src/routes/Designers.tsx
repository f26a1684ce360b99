import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PLANS, describeSaleFee } from '@stitchhouse/shared/pricing.ts';
import { SaleExample } from '@stitchhouse/shared/saleExample.tsx';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { CtaBand, FeatureGrid, Section, Steps, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import * as styles from './Designers.module.css';

function reasons(i18n: I18n): FeatureItem[] {
  return [
    {
      icon: 'coins',
      title: i18n._('shell.designers.reason.fees.title'),
      body: (
        <p>
          <Trans
            id="shell.designers.reason.fees.body"
            values={{ freeFee: describeSaleFee('free'), proFee: describeSaleFee('pro'), pro: PLANS.pro.name }}
            components={{ 0: <Link to={href('/pricing')} /> }}
          />
        </p>
      ),
    },
    { icon: 'bank', title: i18n._('shell.designers.reason.stripe.title'), body: <p>{i18n._('shell.designers.reason.stripe.body')}</p> },
    { icon: 'update', title: i18n._('shell.designers.reason.versions.title'), body: <p>{i18n._('shell.designers.reason.versions.body')}</p> },
    { icon: 'stamp', title: i18n._('shell.designers.reason.stamped.title'), body: <p>{i18n._('shell.designers.reason.stamped.body')}</p> },
    { icon: 'shop', title: i18n._('shell.designers.reason.shops.title'), body: <p>{i18n._('shell.designers.reason.shops.body')}</p> },
    {
      icon: 'chart',
      title: i18n._('shell.designers.reason.reports.title'),
      body: <p>{i18n._('shell.designers.reason.reports.body', { pro: PLANS.pro.name })}</p>,
    },
  ];
}

function gettingStarted(i18n: I18n): FeatureItem[] {
  return [
    { title: i18n._('shell.designers.start.account.title'), body: <p>{i18n._('shell.designers.start.account.body')}</p> },
    { title: i18n._('shell.designers.start.store.title'), body: <p>{i18n._('shell.designers.start.store.body')}</p> },
    { title: i18n._('shell.designers.start.payouts.title'), body: <p>{i18n._('shell.designers.start.payouts.body')}</p> },
    { title: i18n._('shell.designers.start.upload.title'), body: <p>{i18n._('shell.designers.start.upload.body')}</p> },
  ];
}

export default function Designers() {
  const { i18n } = useLingui();
  return (
    <>
      <PageHeading
        title={i18n._('shell.designers.title')}
        eyebrow={i18n._('shell.designers.title')}
        lead={
          <>
            {i18n._('shell.designers.lead', { brand: BRAND_NAME })} <SaleExample />
          </>
        }
      >
        {i18n._('shell.designers.heading')}
      </PageHeading>
      <div className={styles.heroActions}>
        <LinkButton to={href('/sign-up')} size="large">
          {i18n._('shell.designers.openStore')}
        </LinkButton>
        <LinkButton to={href('/pricing')} variant="secondary" size="large">
          {i18n._('shell.designers.comparePlans')}
        </LinkButton>
      </div>

      <Section title={i18n._('shell.designers.reasonsTitle')}>
        <FeatureGrid items={reasons(i18n)} />
      </Section>

      <Section title={i18n._('shell.designers.pricesTitle')} tone="sunken">
        <p className={styles.narrow}>{i18n._('shell.designers.pricesBody', { brand: BRAND_NAME })}</p>
      </Section>

      <Section title={i18n._('shell.designers.startTitle')}>
        <Steps items={gettingStarted(i18n)} />
      </Section>

      <CtaBand
        title={i18n._('shell.designers.cta.title')}
        actions={
          <>
            <LinkButton to={href('/sign-up')}>{i18n._('shell.designers.cta.create')}</LinkButton>
            <LinkButton to={href('/partners')} variant="secondary">
              {i18n._('shell.designers.cta.partners')}
            </LinkButton>
          </>
        }
      >
        <p>{i18n._('shell.designers.cta.body', { pro: PLANS.pro.name })}</p>
      </CtaBand>
    </>
  );
}
