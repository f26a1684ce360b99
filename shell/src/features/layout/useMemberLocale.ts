import { useEffect } from 'react';
import { LOCALE_PARAM, activateLocale, activeLocale, rememberLocale } from '@stitchhouse/shared/i18n/index.ts';
import { saveMemberLocale } from '@stitchhouse/shared/account/memberLocale.ts';
import { loadMemberLocale } from '../../api/memberLocale.ts';

/**
 * A member's saved language wins over this device's: on sign-in the page switches to it (unless
 * the address names a language version, ?hl=). A member with none saved keeps the page's and
 * saves it, so their emails come in the language they signed up in.
 */
export function useMemberLocale(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void loadMemberLocale(userId)
      .then(async (saved) => {
        if (!current) return;
        if (!saved) return saveMemberLocale(activeLocale());
        if (saved === activeLocale() || new URLSearchParams(window.location.search).has(LOCALE_PARAM)) return;
        await activateLocale(saved);
        rememberLocale(saved);
      })
      .catch((error: unknown) => console.warn('the saved language could not be read', error));
    return () => {
      current = false;
    };
  }, [userId]);
}
