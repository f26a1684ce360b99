import { href } from '@stitchhouse/shared';
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
  return (
    <div className={styles.page}>
      <PageHeading
        title="Suppliers"
        eyebrow="Partners"
        lead="Fabric and notions shops list kits for the patterns makers buy here; makers click through to buy them."
      >
        Suppliers
      </PageHeading>
      <ProgrammeDetails />
      <PartnerApplications programme="supplier" path={href('/partners/suppliers')} approved={(_application, userId) => <MyKits supplierId={userId} />} />
      <PartnerDirectory programme="supplier" title="Approved suppliers" />
    </div>
  );
}
