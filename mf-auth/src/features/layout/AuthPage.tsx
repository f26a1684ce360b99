import type { ReactNode } from 'react';
import { PageHeading } from '@stitchhouse/shared/ui/index.ts';
import * as styles from '../form/form.module.css';

export interface AuthPageProps {
  title: string;
  heading?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}

/** The narrow single-column frame every access screen uses. */
export function AuthPage({ title, heading, lead, children }: AuthPageProps) {
  return (
    <div className={styles.page}>
      <PageHeading title={title} lead={lead}>
        {heading ?? title}
      </PageHeading>
      {children}
    </div>
  );
}
