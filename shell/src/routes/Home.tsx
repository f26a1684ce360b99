import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { PLANS, describeSaleFee } from '@stitchhouse/shared/plans.ts';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { FeaturedCatalog, FollowedPatterns } from '../features/featured/index.tsx';
import { Actions, CtaBand, FeatureGrid, Section, Steps, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import * as styles from './Home.module.css';

function howBuyingWorks(i18n: I18n): FeatureItem[] {
  return [
    { title: i18n._('shell.home.how.find.title'), body: <p>{i18n._('shell.home.how.find.body')}</p> },
    { title: i18n._('shell.home.how.buy.title'), body: <p>{i18n._('shell.home.how.buy.body')}</p> },
    { title: i18n._('shell.home.how.formats.title'), body: <p>{i18n._('shell.home.how.formats.body')}</p> },
    { title: i18n._('shell.home.how.stamped.title'), body: <p>{i18n._('shell.home.how.stamped.body')}</p> },
    { title: i18n._('shell.home.how.corrections.title'), body: <p>{i18n._('shell.home.how.corrections.body')}</p> },
  ];
}

function audiences(i18n: I18n): FeatureItem[] {
  return [
    {
      icon: 'thread',
      title: i18n._('shell.home.audience.makers.title'),
      body: (
        <>
          <p>{i18n._('shell.home.audience.makers.body')}</p>
          <p>
            <Link to={href('/patterns')}>{i18n._('shell.home.audience.makers.link')}</Link>
          </p>
        </>
      ),
    },
    {
      icon: 'pencil',
      title: i18n._('shell.home.audience.designers.title'),
      body: (
        <>
          <p>
            {i18n._('shell.home.audience.designers.body', {
              freeFee: describeSaleFee('free'),
              free: PLANS.free.name,
              proFee: describeSaleFee('pro'),
              pro: PLANS.pro.name,
            })}
          </p>
          <p>
            <Link to={href('/designers')}>{i18n._('shell.home.audience.designers.link')}</Link>
          </p>
        </>
      ),
    },
    {
      icon: 'shop',
      title: i18n._('shell.home.audience.shops.title'),
      body: (
        <>
          <p>{i18n._('shell.home.audience.shops.body')}</p>
          <p>
            <Link to={href('/retailers')}>{i18n._('shell.home.audience.shops.link')}</Link>
          </p>
        </>
      ),
    },
  ];
}

export default function Home() {
  const { i18n } = useLingui();
  return (
    <>
      <div className={styles.hero}>
        <PageHeading title={i18n._('shell.home.title')} eyebrow={i18n._('shell.home.eyebrow', { brand: BRAND_NAME })} lead={i18n._('shell.home.lead')}>
          {i18n._('shell.home.heading')}
        </PageHeading>
        <Actions>
          <LinkButton to={href('/patterns')} size="large">
            {i18n._('shell.home.browse')}
          </LinkButton>
          <LinkButton to={href('/sign-up')} variant="secondary" size="large">
            {i18n._('shell.home.openStore')}
          </LinkButton>
        </Actions>
      </div>

      <FollowedPatterns />
      <FeaturedCatalog />

      <Section title={i18n._('shell.home.how.title')} lead={i18n._('shell.home.how.lead')}>
        <Steps items={howBuyingWorks(i18n)} />
      </Section>

      <Section title={i18n._('shell.home.fits.title')} tone="sunken">
        <div className={styles.fits}>
          <div>
            <p>{i18n._('shell.home.fits.body1', { brand: BRAND_NAME })}</p>
            <p>{i18n._('shell.home.fits.body2')}</p>
          </div>
          <figure className={styles.fitsFigure}>
            <figcaption className={styles.fitsCaption}>{i18n._('shell.home.fits.example')}</figcaption>
            <dl className={styles.fitsExample}>
              <div>
                <dt>{i18n._('shell.home.fits.hip')}</dt>
                <dd>{i18n._('shell.unit.cm', { value: i18n.number(112) })}</dd>
              </div>
              <div>
                <dt>{i18n._('shell.home.fits.range')}</dt>
                <dd>{i18n._('shell.unit.cmRange', { from: i18n.number(84), to: i18n.number(152) })}</dd>
              </div>
              <div>
                <dt>{i18n._('shell.home.fits.startFrom')}</dt>
                <dd>{i18n._('shell.home.fits.size', { size: '20' })}</dd>
              </div>
              <div>
                <dt>{i18n._('shell.home.fits.fabric', { width: i18n.number(140) })}</dt>
                <dd>{i18n._('shell.unit.m', { value: i18n.number(2.4) })}</dd>
              </div>
            </dl>
          </figure>
        </div>
      </Section>

      <Section title={i18n._('shell.home.audience.title')}>
        <FeatureGrid items={audiences(i18n)} />
      </Section>

      <CtaBand
        title={i18n._('shell.home.cta.title')}
        actions={
          <>
            <LinkButton to={href('/sign-up')}>{i18n._('shell.home.cta.account')}</LinkButton>
            <LinkButton to={href('/pricing')} variant="secondary">
              {i18n._('shell.home.cta.pricing')}
            </LinkButton>
          </>
        }
      >
        <p>{i18n._('shell.home.cta.body')}</p>
      </CtaBand>
    </>
  );
}
