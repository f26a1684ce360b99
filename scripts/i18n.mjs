#!/usr/bin/env node
// The message catalogs (lingui.config.js, docs/i18n/): `node scripts/i18n.mjs` finds every message
// id the code uses (Lingui's extractor: `i18n._('id')`, `<Trans id>`, `/*i18n*/ 'id'`), adds new ones to
// each language's PO file, drops unused ones, and compiles the PO files to the JSON the apps load.
// `--check` (npm test) fails when the catalogs are behind the code, when an id sits in another app's
// catalog, when English is missing (msgstr still the id) or any language lacks a message.
// `--set texts.json` writes texts into the PO files first: { "app.id": { "en": "…", "de": "…", … } }
// (any subset of ids and languages; the id's prefix names the catalog). `--only <prefix>` checks one
// catalog (while other apps are mid-conversion) and compiles without failing on the others.
// Engineers working side by side run it under `flock /tmp/stitchhouse-i18n.lock` (it rewrites every PO file).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import config, { CATALOGS } from '../lingui.config.js';
import { sharedTextMessages } from './shared-text.mjs';
import { root } from './tools.mjs';

const check = process.argv.includes('--check');
const lingui = join(root, 'node_modules', '@lingui', 'cli', 'dist', 'lingui.js');
const po = formatter({ lineNumbers: false });

const poFile = (dir, locale) => join(root, dir, 'locales', `${locale}.po`);
const jsonFile = (dir, locale) => join(root, dir, 'locales', `${locale}.json`);
const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : null);

/** Every catalog's messages per language: { dir: { locale: { id: translation } } }. */
async function snapshot() {
  const all = {};
  for (const { dir } of CATALOGS) {
    all[dir] = {};
    for (const locale of config.locales) {
      const text = read(poFile(dir, locale));
      const parsed = text ? await po.parse(text, { locale, filename: poFile(dir, locale) }) : {};
      all[dir][locale] = Object.fromEntries(Object.entries(parsed).map(([id, entry]) => [id, entry.translation ?? '']));
    }
  }
  return all;
}

function run(args) {
  const result = spawnSync(process.execPath, [lingui, ...args], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(result.status ?? 1);
  }
  return result.stdout;
}

/** Writes the texts of a `--set` file into the catalogs' PO files (after extraction added the ids). */
async function setTexts(file) {
  const texts = JSON.parse(readFileSync(file, 'utf8'));
  const unknown = [];
  for (const { prefix, dir } of CATALOGS) {
    const ids = Object.keys(texts).filter((id) => id.startsWith(`${prefix}.`));
    if (!ids.length) continue;
    for (const locale of config.locales) {
      const path = poFile(dir, locale);
      const existing = read(path);
      const catalog = await po.parse(existing ?? '', { locale, filename: path });
      for (const id of ids) {
        const text = texts[id][locale];
        if (text === undefined) continue;
        if (!catalog[id]) {
          if (locale === 'en') unknown.push(id);
          continue;
        }
        catalog[id].translation = text;
      }
      writeFileSync(path, po.serialize(catalog, { locale, sourceLocale: config.sourceLocale, existing, filename: path }));
    }
  }
  const orphans = Object.keys(texts).filter((id) => !CATALOGS.some(({ prefix }) => id.startsWith(`${prefix}.`)));
  if (unknown.length || orphans.length) console.warn(`i18n: not used in the code (not written): ${[...unknown, ...orphans].join(', ')}`);
}

const setFile = process.argv[process.argv.indexOf('--set') + 1];
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const before = check ? await snapshot() : null;
// The extractor's PO order (so the compiled key order) differs between checkouts: compare the messages, not the bytes.
const compiledMessages = () =>
  CATALOGS.flatMap(({ dir }) =>
    config.locales.map((locale) => {
      const messages = JSON.parse(read(jsonFile(dir, locale)) ?? '{"messages":{}}').messages;
      return JSON.stringify(
        Object.keys(messages)
          .sort()
          .map((id) => [id, messages[id]]),
      );
    }),
  );
const compiledBefore = check ? compiledMessages() : null;
console.log('i18n: extracting message ids from the code…');
run(['extract', '--clean']);
if (process.argv.includes('--set')) await setTexts(setFile);
const after = await snapshot();
const problems = [];
for (const { prefix, dir } of CATALOGS.filter((catalog) => !only || catalog.prefix === only)) {
  for (const locale of config.locales) {
    const messages = after[dir][locale];
    for (const [id, text] of Object.entries(messages)) {
      if (locale === 'en' && !id.startsWith(`${prefix}.`)) problems.push(`${dir}: the id ${id} belongs to another catalog (ids here start with "${prefix}.")`);
      if (locale === 'en' && text === id) problems.push(`${dir}/locales/en.po: ${id} has no English text yet`);
      if (locale !== 'en' && !text) problems.push(`${dir}/locales/${locale}.po: ${id} is not translated`);
    }
    if (before) {
      const old = before[dir][locale];
      const added = Object.keys(messages).filter((id) => !(id in old));
      const dropped = Object.keys(old).filter((id) => !(id in messages));
      if (added.length || dropped.length)
        problems.push(
          `${dir}/locales/${locale}.po was behind the code (${[...added.map((id) => `+${id}`), ...dropped.map((id) => `-${id}`)].slice(0, 8).join(' ')}…)`,
        );
    }
  }
}
// shared's code writes its English beside the ids it says through sharedText: it must be the catalog's
const SHARED_MAIN = 'shared/src';
const codeEnglish = sharedTextMessages(root);
if (!only || only === 'shared') {
  for (const [id, { calls }] of codeEnglish) {
    const catalogEnglish = after[SHARED_MAIN].en[id];
    if (catalogEnglish === undefined) continue;
    for (const { english, where } of calls.filter((call) => call.english !== catalogEnglish))
      problems.push(`${where}: sharedText('${id}') writes ${JSON.stringify(english)}, shared/src/locales/en.po ${JSON.stringify(catalogEnglish)}`);
  }
}
if (problems.length) {
  console.error(`i18n: ${problems.length} problem(s):\n  ${problems.slice(0, 60).join('\n  ')}`);
  if (check) console.error('Run `node scripts/i18n.mjs`, write the missing texts (docs/i18n/ has the glossary) and commit the catalogs.');
  process.exit(1);
}
console.log('i18n: compiling the catalogs…');
run(only ? ['compile'] : ['compile', '--strict']);
if (!only || only === 'shared') leaveOutCodeEnglish();

/**
 * shared's compiled English without the messages the code says itself (sharedText's English, the
 * same words: checked above): an English page does not download them twice. Only plain ones (no
 * plural, select or number format, which the code's fallback cannot do) and only ids nothing else
 * reads. Other languages keep every message.
 */
function leaveOutCodeEnglish() {
  const file = jsonFile(SHARED_MAIN, 'en');
  const compiled = JSON.parse(readFileSync(file, 'utf8'));
  const plain = (message) => typeof message === 'string' || message.every((part) => typeof part === 'string' || part.length === 1);
  for (const [id, { onlyThere }] of codeEnglish) if (onlyThere && id in compiled.messages && plain(compiled.messages[id])) delete compiled.messages[id];
  writeFileSync(file, JSON.stringify(compiled));
}
if (compiledBefore) {
  const compiledAfter = compiledMessages();
  if (compiledAfter.some((text, index) => text !== compiledBefore[index])) {
    console.error('i18n: the compiled catalogs (locales/*.json) were out of date; commit the ones `node scripts/i18n.mjs` wrote.');
    process.exit(1);
  }
}
const counts = CATALOGS.filter((catalog) => !only || catalog.prefix === only)
  .map(({ prefix, dir }) => `${prefix} ${Object.keys(after[dir].en).length}`)
  .join(', ');
console.log(`i18n: ${config.locales.length} languages complete (${counts} messages)`);
