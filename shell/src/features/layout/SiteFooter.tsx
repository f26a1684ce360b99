import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { FOOTER_GROUPS } from './navigation.ts';
import * as styles from './SiteFooter.module.css';

export function SiteFooter() {
  const { i18n } = useLingui();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.name}>{BRAND_NAME}</p>
          <p className={styles.tagline}>{i18n._('shell.brand.tagline')}</p>
          <LanguagePicker />
        </div>
        <nav aria-label={i18n._('shell.footer.label')} className={styles.groups}>
          {FOOTER_GROUPS.map((group) => (
            <div key={group.heading} className={styles.group}>
              <h2 className={styles.heading}>{i18n._(group.heading)}</h2>
              <ul className={styles.list}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={styles.link}>
                      {i18n._(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className={styles.small}>{i18n._('shell.footer.copyright', { year: new Date().getFullYear(), brand: BRAND_NAME })}</p>
    </footer>
  );
}
