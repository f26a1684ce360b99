import { href } from '@stitchhouse/shared';
import { useLingui } from '@lingui/react';
import { PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { PartnerApplications, PartnerDirectory } from '../features/applications/index.ts';
import { MyKits } from '../features/kits/MyKits.tsx';
import { ProgrammeDetails } from '../features/suppliers/ProgrammeDetails.tsx';
import * as styles from '../features/suppliers/suppliers.module.css';

/**
 * /partners/suppliers: how the supplier programme works; the application (operators: the
 * review queue), then "My kits" once approved; the public directory of approved suppliers.
 */
export default function Suppliers() {
  const { i18n } = useLingui();
  return (
    <div className={styles.page}>
      <PageHeading title={i18n._('partners.suppliers.title')} eyebrow={i18n._('partners.eyebrow')} lead={i18n._('partners.suppliers.lead')}>
        {i18n._('partners.suppliers.title')}
      </PageHeading>
      <ProgrammeDetails />
      <PartnerApplications programme="supplier" path={href('/partners/suppliers')} approved={(_application, userId) => <MyKits supplierId={userId} />} />
      <PartnerDirectory programme="supplier" title={i18n._('partners.suppliers.directory')} />
    </div>
  );
}
