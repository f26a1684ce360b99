import { useLingui } from '@lingui/react';
import type { PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, QueryState, Spinner, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { applicationKeys, partnerDirectory } from '../../api/applications.ts';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { formatYear } from '../shared/format.ts';
import * as styles from './applications.module.css';

export interface PartnerDirectoryProps {
  programme: PartnerProgramme;
  /** The section heading, in the page's language, e.g. "Approved resellers". */
  title: string;
}

/** The public directory of a programme's approved partners (partner_directory(); no personal data). */
export function PartnerDirectory({ programme, title }: PartnerDirectoryProps) {
  const { i18n } = useLingui();
  // read again after an operator's decision on this page (OperatorQueue invalidates it)
  const list = useQuery({ queryKey: applicationKeys.directory(programme), queryFn: ({ signal }) => partnerDirectory(programme, signal) });
  const headingId = `${programme}-directory-title`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <QueryState
        query={list}
        errorTitle={i18n._('partners.directory.loadFailed')}
        skeleton={<Spinner label={i18n._('partners.directory.loading')} showLabel />}
        empty={
          <EmptyState title={i18n._('partners.directory.empty.title')} headingLevel={3}>
            {i18n._('partners.directory.empty.body')}
          </EmptyState>
        }
      >
        {(list) => (
          <ul className={styles.directory} aria-label={title}>
            {list.map((p) => (
              <li key={`${p.company}|${p.website}`}>
                <h3>{p.company}</h3>
                <p className={styles.muted}>
                  {[countryName(p.country), p.partnerSince ? i18n._('partners.directory.since', { year: formatYear(p.partnerSince) }) : '']
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <a href={p.website} rel="noopener noreferrer nofollow" target="_blank">
                  {p.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  <VisuallyHidden> {i18n._('partners.newTab')}</VisuallyHidden>
                </a>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
