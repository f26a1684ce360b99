import { useContext } from 'react';
import { LinguiContext } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { i18n as runtime } from '../i18n/index.ts';

/**
 * The page's i18n for shared's primitives: the I18nProvider's (a language switch re-renders the
 * component), or the one runtime itself where a tree has no provider (an app's unit test that
 * renders a primitive alone). Read messages with `i18n._('shared.id')`.
 */
export function useI18n(): I18n {
  return useContext(LinguiContext)?.i18n ?? runtime;
}
