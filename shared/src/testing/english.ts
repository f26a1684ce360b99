// Unit tests read the English words a page loads before its first render: shared's catalog is a
// chunk of the page's language (i18n/catalog.ts), so tests load it here, as the page would.
import { i18n, type Messages } from '@lingui/core';
import english from '../locales/en.json';

i18n.load('en', english.messages as unknown as Messages);
if (!i18n.locale) i18n.activate('en');
