import { href } from '@stitchhouse/shared';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { LinkButton, Notice, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { CtaBand, FeatureGrid, Prose, Section, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import * as styles from './AppPage.module.css';

function whatItDoes(i18n: I18n): FeatureItem[] {
  return [
    { icon: 'phone', title: i18n._('shell.app.does.screens.title'), body: <p>{i18n._('shell.app.does.screens.body', { brand: BRAND_NAME })}</p> },
    { icon: 'library', title: i18n._('shell.app.does.library.title'), body: <p>{i18n._('shell.app.does.library.body')}</p> },
    { icon: 'projector', title: i18n._('shell.app.does.projector.title'), body: <p>{i18n._('shell.app.does.projector.body')}</p> },
  ];
}

function installSteps(i18n: I18n) {
  return [
    { device: i18n._('shell.app.install.ios.device'), how: i18n._('shell.app.install.ios.how') },
    { device: i18n._('shell.app.install.android.device'), how: i18n._('shell.app.install.android.how') },
    { device: i18n._('shell.app.install.chrome.device'), how: i18n._('shell.app.install.chrome.how') },
    { device: i18n._('shell.app.install.safari.device'), how: i18n._('shell.app.install.safari.how') },
  ];
}

export default function AppPage() {
  const { i18n } = useLingui();
  return (
    <>
      <PageHeading title={i18n._('shell.app.title')} eyebrow={i18n._('shell.app.title')} lead={i18n._('shell.app.lead', { brand: BRAND_NAME })}>
        {i18n._('shell.app.heading')}
      </PageHeading>

      <Section title={i18n._('shell.app.doesTitle')}>
        <FeatureGrid items={whatItDoes(i18n)} />
      </Section>

      <Section title={i18n._('shell.app.installTitle')} tone="sunken">
        <p>{i18n._('shell.app.installLead', { brand: BRAND_NAME })}</p>
        <dl className={styles.install}>
          {installSteps(i18n).map((step) => (
            <div key={step.device} className={styles.installRow}>
              <dt>{step.device}</dt>
              <dd>{step.how}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title={i18n._('shell.app.offlineTitle')}>
        <Prose>
          <p>{i18n._('shell.app.offline1')}</p>
          <p>{i18n._('shell.app.offline2')}</p>
        </Prose>
        <Notice title={i18n._('shell.app.projectingTitle')}>
          <p>{i18n._('shell.app.projectingBody')}</p>
        </Notice>
      </Section>

      <CtaBand
        title={i18n._('shell.app.cta.title')}
        actions={
          <>
            <LinkButton to={href('/sign-up')}>{i18n._('shell.app.cta.account')}</LinkButton>
            <LinkButton to={href('/patterns')} variant="secondary">
              {i18n._('shell.app.cta.browse')}
            </LinkButton>
          </>
        }
      />
    </>
  );
}
