import { useLingui } from '@lingui/react';
import { Notice } from '@stitchhouse/shared/ui/index.ts';

/** A legal page's date ("1 December 2026", "1. Dezember 2026"): British English like the rest of the shop, else the page's language. */
export function legalDate(locale: string, isoDay: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${isoDay}T00:00:00Z`),
  );
}

/**
 * On a translated legal page: which version binds. The English text prevails, and the notice links
 * to it (the page's English language version, `?hl=en`). The English page shows nothing.
 */
export function PrevailingVersion({ englishPath }: { englishPath: string }) {
  const { i18n } = useLingui();
  if (i18n.locale === 'en') return null;
  return (
    <Notice title={i18n._('shell.legal.translationTitle')}>
      <p data-legal-prevails>
        {i18n._('shell.legal.prevails')}{' '}
        <a href={`${englishPath}?hl=en`} hrefLang="en">
          {i18n._('shell.legal.readEnglish')}
        </a>
      </p>
    </Notice>
  );
}
