// The shell's catalogs are chunks of the page's language too (src/messages.ts, a page's own with the
// page): tests load every one's English as the pages would, the features a page shows included.
import { i18n, type Messages } from '@lingui/core';
import '@stitchhouse/shared/testing/english.ts';
import english from '../src/locales/en.json';

const pages = import.meta.glob<{ messages: unknown }>('../src/routes/catalogs/*/locales/en.json', { eager: true });
for (const catalog of [english, ...Object.values(pages)]) i18n.load('en', catalog.messages as Messages);
