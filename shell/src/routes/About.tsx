import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { BRAND_CONTACT, BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PLANS, describeSaleFee } from '@stitchhouse/shared/plans.ts';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { CtaBand, FeatureGrid, Prose, Section, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import * as styles from './About.module.css';

function promises(i18n: I18n): FeatureItem[] {
  return [
    {
      title: i18n._('shell.about.promise.fees.title'),
      body: (
        <p>
          <Trans
            id="shell.about.promise.fees.body"
            values={{ freeFee: describeSaleFee('free'), proFee: describeSaleFee('pro'), pro: PLANS.pro.name }}
            components={{ 0: <Link to={href('/pricing')} /> }}
          />
        </p>
      ),
    },
    { title: i18n._('shell.about.promise.prices.title'), body: <p>{i18n._('shell.about.promise.prices.body')}</p> },
    { title: i18n._('shell.about.promise.library.title'), body: <p>{i18n._('shell.about.promise.library.body')}</p> },
    { title: i18n._('shell.about.promise.shops.title'), body: <p>{i18n._('shell.about.promise.shops.body')}</p> },
    { title: i18n._('shell.about.promise.access.title'), body: <p>{i18n._('shell.about.promise.access.body', { brand: BRAND_NAME })}</p> },
    { title: i18n._('shell.about.promise.sizing.title'), body: <p>{i18n._('shell.about.promise.sizing.body')}</p> },
  ];
}

export default function About() {
  const { i18n } = useLingui();
  return (
    <>
      <PageHeading title={i18n._('shell.about.title')} eyebrow={i18n._('shell.about.eyebrow')} lead={i18n._('shell.about.lead', { brand: BRAND_NAME })}>
        {i18n._('shell.about.heading')}
      </PageHeading>

      <Prose>
        <p>{i18n._('shell.about.story1')}</p>
        <p>{i18n._('shell.about.story2')}</p>
        <p className={styles.statement}>{i18n._('shell.about.statement', { brand: BRAND_NAME })}</p>
      </Prose>

      <Section title={i18n._('shell.about.promisesTitle')}>
        <FeatureGrid items={promises(i18n)} />
      </Section>

      <Section title={i18n._('shell.about.earnTitle')} tone="sunken">
        <Prose>
          <p>{i18n._('shell.about.earnBody', { pro: PLANS.pro.name })}</p>
        </Prose>
      </Section>

      <Section title={i18n._('shell.about.contactTitle')}>
        <Prose>
          <p>
            <Trans
              id="shell.about.contactBody"
              values={{ address: BRAND_CONTACT.support }}
              components={{ 0: <a href={`mailto:${BRAND_CONTACT.support}`}>{BRAND_CONTACT.support}</a> }}
            />
          </p>
        </Prose>
      </Section>

      <CtaBand
        title={i18n._('shell.about.cta.title')}
        actions={
          <>
            <LinkButton to={href('/patterns')}>{i18n._('shell.about.cta.browse')}</LinkButton>
            <LinkButton to={href('/designers')} variant="secondary">
              {i18n._('shell.about.cta.sell')}
            </LinkButton>
          </>
        }
      />
    </>
  );
}
