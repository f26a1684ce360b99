import type { PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, QueryState, Spinner, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { applicationKeys, partnerDirectory } from '../../api/applications.ts';
import { countryName } from '@stitchhouse/shared/countries.ts';
import * as styles from './applications.module.css';

export interface PartnerDirectoryProps {
  programme: PartnerProgramme;
  /** The section heading's id prefix and words, e.g. "Approved resellers". */
  title: string;
}

/** The public directory of a programme's approved partners (partner_directory(); no personal data). */
export function PartnerDirectory({ programme, title }: PartnerDirectoryProps) {
  // read again after an operator's decision on this page (OperatorQueue invalidates it)
  const list = useQuery({ queryKey: applicationKeys.directory(programme), queryFn: ({ signal }) => partnerDirectory(programme, signal) });
  const headingId = `${programme}-directory-title`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <QueryState
        query={list}
        errorTitle="The directory could not be loaded"
        skeleton={<Spinner label="Loading the directory…" showLabel />}
        empty={
          <EmptyState title="No approved partners yet" headingLevel={3}>
            The first approved partners appear here.
          </EmptyState>
        }
      >
        {(list) => (
          <ul className={styles.directory} aria-label={title}>
            {list.map((p) => (
              <li key={`${p.company}|${p.website}`}>
                <h3>{p.company}</h3>
                <p className={styles.muted}>
                  {[countryName(p.country), p.partnerSince ? `partner since ${new Date(p.partnerSince).getFullYear()}` : ''].filter(Boolean).join(' · ')}
                </p>
                <a href={p.website} rel="noopener noreferrer nofollow" target="_blank">
                  {p.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </a>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
