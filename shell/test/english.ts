// The shell's catalog is a chunk of the page's language too (src/messages.ts): tests load English as the page would.
import { i18n, type Messages } from '@lingui/core';
import '@stitchhouse/shared/testing/english.ts';
import english from '../src/locales/en.json';

i18n.load('en', english.messages as unknown as Messages);
