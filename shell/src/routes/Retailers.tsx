import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PLANS, formatBasisPoints } from '@stitchhouse/shared/plans.ts';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { CtaBand, FeatureGrid, Section, Steps, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import * as styles from './Retailers.module.css';

function whatShopsGet(i18n: I18n): FeatureItem[] {
  return [
    { icon: 'needle', title: i18n._('shell.retailers.get.storefront.title'), body: <p>{i18n._('shell.retailers.get.storefront.body')}</p> },
    { icon: 'print', title: i18n._('shell.retailers.get.print.title'), body: <p>{i18n._('shell.retailers.get.print.body')}</p> },
    { icon: 'tag', title: i18n._('shell.retailers.get.wholesale.title'), body: <p>{i18n._('shell.retailers.get.wholesale.body')}</p> },
    {
      icon: 'receipt',
      title: i18n._('shell.retailers.get.pos.title'),
      body: (
        <p>
          <Trans id="shell.retailers.get.pos.body" components={{ 0: <Link to={href('/point-of-sale-integration')} /> }} />
        </p>
      ),
    },
    { icon: 'handshake', title: i18n._('shell.retailers.get.royalties.title'), body: <p>{i18n._('shell.retailers.get.royalties.body')}</p> },
    { icon: 'chart', title: i18n._('shell.retailers.get.statement.title'), body: <p>{i18n._('shell.retailers.get.statement.body')}</p> },
  ];
}

function howToStart(i18n: I18n): FeatureItem[] {
  return [
    { title: i18n._('shell.retailers.start.account.title'), body: <p>{i18n._('shell.retailers.start.account.body')}</p> },
    { title: i18n._('shell.retailers.start.wholesale.title'), body: <p>{i18n._('shell.retailers.start.wholesale.body')}</p> },
    { title: i18n._('shell.retailers.start.patterns.title'), body: <p>{i18n._('shell.retailers.start.patterns.body')}</p> },
    { title: i18n._('shell.retailers.start.till.title'), body: <p>{i18n._('shell.retailers.start.till.body')}</p> },
  ];
}

export default function Retailers() {
  const { i18n } = useLingui();
  return (
    <>
      <PageHeading
        title={i18n._('shell.retailers.title')}
        eyebrow={i18n._('shell.retailers.eyebrow')}
        lead={i18n._('shell.retailers.lead', { brand: BRAND_NAME })}
      >
        {i18n._('shell.retailers.heading')}
      </PageHeading>
      <div className={styles.heroActions}>
        <LinkButton to={href('/sign-up')} size="large">
          {i18n._('shell.retailers.openStore')}
        </LinkButton>
        <LinkButton to={href('/account/wholesale')} variant="secondary" size="large">
          {i18n._('shell.retailers.applyWholesale')}
        </LinkButton>
      </div>

      <Section title={i18n._('shell.retailers.getTitle')}>
        <FeatureGrid items={whatShopsGet(i18n)} />
      </Section>

      <Section title={i18n._('shell.retailers.costTitle')} tone="sunken">
        <p className={styles.narrow}>
          <Trans
            id="shell.retailers.costBody"
            values={{
              brand: BRAND_NAME,
              freeShare: formatBasisPoints(PLANS.free.royaltyFeeBasisPoints),
              proShare: formatBasisPoints(PLANS.pro.royaltyFeeBasisPoints),
              pro: PLANS.pro.name,
            }}
            components={{ 0: <Link to={href('/pricing')} /> }}
          />
        </p>
      </Section>

      <Section title={i18n._('shell.retailers.startTitle')}>
        <Steps items={howToStart(i18n)} />
      </Section>

      <CtaBand
        title={i18n._('shell.retailers.cta.title')}
        actions={
          <>
            <LinkButton to={href('/partners/suppliers')}>{i18n._('shell.retailers.cta.suppliers')}</LinkButton>
            <LinkButton to={href('/partners/resellers')} variant="secondary">
              {i18n._('shell.retailers.cta.resellers')}
            </LinkButton>
          </>
        }
      >
        <p>{i18n._('shell.retailers.cta.body')}</p>
      </CtaBand>
    </>
  );
}
