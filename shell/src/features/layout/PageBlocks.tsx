import { useId, type ReactNode } from 'react';
import { cx } from '@stitchhouse/shared/ui/classNames.ts';
import { Icon, type IconName } from './icons.tsx';
import * as styles from './PageBlocks.module.css';

/** A titled block of a marketing page (h2), optionally on a sunken band. */
export function Section({
  title,
  lead,
  children,
  tone = 'plain',
  id,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  tone?: 'plain' | 'sunken';
  id?: string;
}) {
  const generated = useId();
  const headingId = id ?? `section-${generated}`;
  return (
    <section aria-labelledby={headingId} className={cx(styles.section, tone === 'sunken' && styles.sunken)}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {lead ? <p className={styles.sectionLead}>{lead}</p> : null}
      {children}
    </section>
  );
}

export interface FeatureItem {
  title: string;
  body: ReactNode;
  icon?: IconName;
}

/** Cards of features, each with an h3. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly FeatureItem[]; columns?: 2 | 3 }) {
  return (
    <ul className={cx(styles.featureGrid, columns === 2 && styles.twoColumns)}>
      {items.map((item) => (
        <li key={item.title} className={styles.feature}>
          {item.icon ? (
            <span className={styles.featureIcon}>
              <Icon name={item.icon} />
            </span>
          ) : null}
          <h3 className={styles.featureTitle}>{item.title}</h3>
          <div className={styles.featureBody}>{item.body}</div>
        </li>
      ))}
    </ul>
  );
}

/** A numbered "how it works" list. */
export function Steps({ items }: { items: readonly FeatureItem[] }) {
  return (
    <ol className={styles.steps}>
      {items.map((item) => (
        <li key={item.title} className={styles.step}>
          <h3 className={styles.featureTitle}>{item.title}</h3>
          <div className={styles.featureBody}>{item.body}</div>
        </li>
      ))}
    </ol>
  );
}

/** The closing call to action of a page. */
export function CtaBand({ title, children, actions }: { title: ReactNode; children?: ReactNode; actions: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.cta}>
      <h2 id={headingId} className={styles.ctaTitle}>
        {title}
      </h2>
      {children ? <div className={styles.ctaBody}>{children}</div> : null}
      <div className={styles.actions}>{actions}</div>
    </section>
  );
}

/** Buttons in a row that wraps on narrow screens. */
export function Actions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** Long-form text (legal pages, About): readable line length and heading rhythm. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className={styles.prose}>{children}</div>;
}

/** Questions and answers that open in place. */
export function Faq({ items }: { items: ReadonlyArray<{ question: string; answer: ReactNode }> }) {
  return (
    <div className={styles.faq}>
      {items.map((item) => (
        <details key={item.question} className={styles.faqItem}>
          <summary className={styles.faqQuestion}>{item.question}</summary>
          <div className={styles.faqAnswer}>{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
