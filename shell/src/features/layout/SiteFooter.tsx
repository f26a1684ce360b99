import { Link } from 'react-router';
import { BRAND_NAME, BRAND_TAGLINE } from '@stitchhouse/shared/brand.ts';
import { FOOTER_GROUPS } from './navigation.ts';
import * as styles from './SiteFooter.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.name}>{BRAND_NAME}</p>
          <p className={styles.tagline}>{BRAND_TAGLINE}</p>
        </div>
        <nav aria-label="Footer" className={styles.groups}>
          {FOOTER_GROUPS.map((group) => (
            <div key={group.heading} className={styles.group}>
              <h2 className={styles.heading}>{group.heading}</h2>
              <ul className={styles.list}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={styles.link}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className={styles.small}>
        © {new Date().getFullYear()} {BRAND_NAME}. Patterns belong to the designers who drafted them.
      </p>
    </footer>
  );
}
