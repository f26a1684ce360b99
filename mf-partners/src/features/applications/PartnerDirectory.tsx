import type { PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { AsyncList, EmptyState, Spinner, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { partnerDirectory } from '../../api/applications.ts';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { useDecisionCount } from './decisions.ts';
import * as styles from './applications.module.css';

export interface PartnerDirectoryProps {
  programme: PartnerProgramme;
  /** The section heading's id prefix and words, e.g. "Approved resellers". */
  title: string;
}

/** The public directory of a programme's approved partners (partner_directory(); no personal data). */
export function PartnerDirectory({ programme, title }: PartnerDirectoryProps) {
  // read again after an operator's decision on this page (the newly approved partner appears)
  const decided = useDecisionCount(programme);
  const list = useAsync(`directory|${programme}|${decided}`, (signal) => partnerDirectory(programme, signal));
  const headingId = `${programme}-directory-title`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <AsyncList
        state={list}
        failedTitle="The directory could not be loaded"
        loading={<Spinner label="Loading the directory…" showLabel />}
        empty={<EmptyState title="No approved partners yet" headingLevel={3}>The first approved partners appear here.</EmptyState>}
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
      </AsyncList>
    </section>
  );
}
