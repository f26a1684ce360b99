import { href } from '@stitchhouse/shared';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { LinkButton, Notice, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { CtaBand, FeatureGrid, Prose, Section, type FeatureItem } from '../features/layout/PageBlocks.tsx';
import * as styles from './AppPage.module.css';

const WHAT_IT_DOES: FeatureItem[] = [
  {
    icon: 'phone',
    title: 'One app on every screen',
    body: (
      <p>
        {BRAND_NAME} is a web app: the same catalog, library and store tools on a phone, tablet or computer. Nothing to install from an app store and nothing to
        update.
      </p>
    ),
  },
  {
    icon: 'library',
    title: 'Your library',
    body: (
      <p>
        Every pattern you buy is in My patterns, with all its formats and the latest version. Designers see their own patterns there too, with their status and
        an edit link.
      </p>
    ),
  },
  {
    icon: 'projector',
    title: 'Projector files',
    body: <p>When a designer offers a projector file, it sits beside the print formats. Project it onto your cutting mat and skip the printing and taping.</p>,
  },
];

const INSTALL_STEPS = [
  { device: 'iPhone and iPad (Safari)', how: 'Tap the Share button, then “Add to Home Screen”.' },
  { device: 'Android (Chrome)', how: 'Open the ⋮ menu, then “Add to Home screen” or “Install app”.' },
  {
    device: 'Computer (Chrome or Edge)',
    how: 'Open the browser menu, then “Cast, save and share” → “Install page as app”, or “Apps” → “Install this site as an app”.',
  },
  { device: 'Computer (Safari on macOS)', how: 'Choose File → “Add to Dock”.' },
];

export default function AppPage() {
  return (
    <>
      <PageHeading title="The app" eyebrow="The app" lead={`${BRAND_NAME} runs in your browser. Put it on your home screen and it opens like any other app.`}>
        Your patterns, on the screen beside your sewing machine
      </PageHeading>

      <Section title="What the app does">
        <FeatureGrid items={WHAT_IT_DOES} />
      </Section>

      <Section title="Add it to your home screen" tone="sunken">
        <p>Your browser can add {BRAND_NAME} to your home screen or dock with its own icon:</p>
        <dl className={styles.install}>
          {INSTALL_STEPS.map((step) => (
            <div key={step.device} className={styles.installRow}>
              <dt>{step.device}</dt>
              <dd>{step.how}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="Working without a connection">
        <Prose>
          <p>
            Once you’ve downloaded a pattern, the PDF is a file on your device. It opens in any PDF reader or projector software with no connection and no
            account check. Save your files somewhere you back up.
          </p>
          <p>
            Browsing the catalog, buying, and fetching files from your library need a connection. We’d rather tell you that plainly than promise an offline mode
            that fails in the middle of a project.
          </p>
        </Prose>
        <Notice title="Projecting a pattern?">
          <p>
            Set the projector file to 100 % scale and measure the test square on the first page before you cut. If it’s out, calibrate your projector software,
            not the file.
          </p>
        </Notice>
      </Section>

      <CtaBand
        title="Start your library"
        actions={
          <>
            <LinkButton to={href('/sign-up')}>Create a free account</LinkButton>
            <LinkButton to={href('/patterns')} variant="secondary">
              Browse patterns
            </LinkButton>
          </>
        }
      />
    </>
  );
}
