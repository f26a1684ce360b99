import { useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import { LOCALES, LOCALE_NAMES, activateLocale, isLocale, rememberLocale, type Locale } from '@stitchhouse/shared/i18n/index.ts';
import { saveMemberLocale } from '@stitchhouse/shared/account/memberLocale.ts';
import * as styles from './LanguagePicker.module.css';

/**
 * The language control: switches the page at once (the catalogs of every app on the page load
 * first, so nothing shows half-translated), keeps the page and what is typed into it, and
 * remembers the choice (a cookie; a member's profile too).
 */
export function LanguagePicker() {
  const { i18n } = useLingui();
  const id = useId();
  const [failed, setFailed] = useState(false);
  const choose = async (locale: Locale) => {
    setFailed(false);
    try {
      await activateLocale(locale);
      rememberLocale(locale);
      await saveMemberLocale(locale);
    } catch (error) {
      console.error('the language could not be switched', error);
      setFailed(true);
    }
  };
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.label}>
        {i18n._('shell.language.label')}
      </label>
      <select id={id} className={styles.select} value={i18n.locale} onChange={(event) => isLocale(event.target.value) && void choose(event.target.value)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      {failed ? (
        <p role="alert" className={styles.error}>
          {i18n._('shell.language.failed')}
        </p>
      ) : null}
    </div>
  );
}
