import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Skeleton } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './KitsForPattern.module.css';

/** The kits section's frame, for the kits and for the pattern page's placeholder before their code loads. */
export function KitsSection({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <section className={styles.kits} aria-labelledby="kits-heading" aria-busy={busy} data-testid="pattern-kits">
      <h2 id="kits-heading">{i18n._('catalog.kits.heading')}</h2>
      {children}
    </section>
  );
}

export function KitsSkeleton() {
  const { i18n } = useLingui();
  return (
    <div className={styles.list}>
      <p className={styles.quiet}>{i18n._('catalog.kits.loading')}</p>
      <Skeleton shape="block" height="7rem" />
    </div>
  );
}
