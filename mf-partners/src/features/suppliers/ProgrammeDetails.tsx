import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import * as styles from './suppliers.module.css';

/** Who the supplier programme is for and how it works. */
export function ProgrammeDetails() {
  return (
    <section className={styles.section} aria-labelledby="how-heading">
      <h2 id="how-heading">How the supplier programme works</h2>
      <p>
        For fabric shops, haberdashers and yarn stores that sell online. Makers choose a pattern and then need the right fabric and notions: list a kit against
        the pattern and it appears on the pattern’s page under “Kits for this pattern”, with your price and a link to your shop.
      </p>
      <ol className={styles.steps}>
        <li>Apply below with your company and your shop’s website. Our team reviews every application and emails you the answer.</li>
        <li>
          Once approved, add kits: pick a published pattern, describe what is in the bundle, set a price in EUR, GBP or USD and link to the kit in your shop.
        </li>
        <li>Makers open your shop from the pattern page; you sell and ship as usual. Stitchhouse takes no commission on kits.</li>
        <li>
          See how many makers clicked through to each kit here and, day by day, in your <Link to={href('/reports')}>reports</Link>.
        </li>
      </ol>
      <p className={styles.muted}>
        Kits must match the pattern and link over https to a page where the kit can be bought. Archive a kit when it sells out; its clicks stay in your reports.
      </p>
    </section>
  );
}
