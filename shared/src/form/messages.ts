import english from './locales/en.json';
import { defineCatalog } from '../i18n/runtime.ts';

// shared's form words (the schemas' validation messages, the error summary, the password rules;
// lingui.config.js SHARED_FORM_SOURCES): the modules that show them import this, so English rides
// with the form code instead of every page's first script; another language loads as they arrive.
defineCatalog('shared.form', english, (locale) => import(`./locales/${locale}.json`));
