import type { ReactNode } from 'react';
import { Skeleton } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './KitsForPattern.module.css';

/** The kits section's frame, for the kits and for the pattern page's placeholder before their code loads. */
export function KitsSection({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <section className={styles.kits} aria-labelledby="kits-heading" aria-busy={busy} data-testid="pattern-kits">
      <h2 id="kits-heading">Kits for this pattern</h2>
      {children}
    </section>
  );
}

export function KitsSkeleton() {
  return (
    <div className={styles.list}>
      <p className={styles.quiet}>Loading kits…</p>
      <Skeleton shape="block" height="7rem" />
    </div>
  );
}
