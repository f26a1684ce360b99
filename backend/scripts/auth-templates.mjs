#!/usr/bin/env node
// Hosted Supabase's auth emails in the user's language: GoTrue writes the confirmation, invite,
// magic link (with its code), recovery, email change and reauthentication mails, and the notice of
// a changed email, from the Go templates supabase/config.toml names. This script writes those
// templates (supabase/templates/*.html) and their subjects (the block between the markers in
// config.toml) from the embedded backend's auth mail catalog (backend/src/auth/locales, the words
// of backend/src/auth/emails.ts), so hosted and local mails say the same thing in all five
// languages. Each template branches on `{{ .Data.locale }}` (user_metadata, kept equal to
// profiles.locale by a trigger): en, de, fr, es, nl, English for anything else.
//
//   node backend/scripts/auth-templates.mjs           # after changing the auth mail catalog
//   node backend/scripts/auth-templates.mjs --check   # npm test: fails when the templates are behind it
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { escapeHtml } from '../../shared/src/html.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const LOCALES = ['en', 'de', 'fr', 'es', 'nl'];
const CONFIG = join(ROOT, 'supabase', 'config.toml');
const BEGIN = '# --- auth email templates: written by backend/scripts/auth-templates.mjs from backend/src/auth/locales; do not edit ---';
const END = '# --- end of the auth email templates ---';

/**
 * The mails, as backend/src/auth/emails.ts writes them: GoTrue's template name, the catalog's ids,
 * and what the catalog's placeholders are in GoTrue's template data. `email_change` goes to both
 * addresses (secure email change); `SendingTo` says which one is reading.
 * @typedef {{ subject: string, intro: string, action?: string }} Copy
 * @typedef {{ name: string, table: string, kind: 'link' | 'code' | 'notice', copy: Copy, current?: Copy }} Mail
 * @type {Mail[]}
 */
export const MAILS = [
  { name: 'confirmation', table: 'template', kind: 'link', copy: copy('signup') },
  { name: 'invite', table: 'template', kind: 'link', copy: copy('invite') },
  { name: 'magic_link', table: 'template', kind: 'link', copy: copy('magiclink') },
  { name: 'recovery', table: 'template', kind: 'link', copy: copy('recovery') },
  { name: 'email_change', table: 'template', kind: 'link', copy: copy('emailChange'), current: copy('emailChangeCurrent') },
  {
    name: 'reauthentication',
    table: 'template',
    kind: 'code',
    copy: { subject: 'authmail.reauthentication.subject', intro: 'authmail.reauthentication.intro' },
  },
  {
    name: 'email_changed',
    table: 'notification',
    kind: 'notice',
    copy: { subject: 'authmail.changed.subject', intro: 'authmail.changed.text', action: 'authmail.changed.notYou' },
  },
];

/** @returns {Copy} */
function copy(/** @type {string} */ kind) {
  return { subject: `authmail.${kind}.subject`, intro: `authmail.${kind}.intro`, action: `authmail.${kind}.action` };
}

/** The catalog's placeholders in GoTrue's template data (`minutes` is written in: it is config, not data). */
const DATA = { code: '{{ .Token }}', new: '{{ .NewEmail }}', old: '{{ .OldEmail }}' };

/**
 * One message of the compiled catalog in Go template text: literal parts (escaped for HTML in a
 * body), placeholders as GoTrue's data. A message with ICU plural or select cannot be written as a
 * Go template here: it fails rather than drift.
 * @param {Record<string, unknown>} messages
 * @param {string} id
 * @param {{ html: boolean, minutes: number, data?: Record<string, string> }} options
 */
function say(messages, id, { html, minutes, data = DATA }) {
  const parts = messages[id];
  if (!Array.isArray(parts)) throw new Error(`the auth mail catalog has no ${id}`);
  return parts
    .map((part) => {
      if (typeof part === 'string') return html ? escapeHtml(part) : part;
      if (!Array.isArray(part) || part.length !== 1) throw new Error(`${id}: only plain {placeholders} can be written into a Go template`);
      const name = String(part[0]);
      if (name === 'minutes') return String(minutes);
      if (!(name in data)) throw new Error(`${id}: GoTrue's template data has nothing for {${name}}`);
      return data[/** @type {keyof typeof data} */ (name)];
    })
    .join('');
}

/** The catalog of `locale`, as the embedded backend loads it (backend/src/auth/mailText.ts). */
function catalog(/** @type {string} */ locale) {
  return /** @type {{ messages: Record<string, unknown> }} */ (
    JSON.parse(readFileSync(join(ROOT, 'backend', 'src', 'auth', 'locales', `${locale}.json`), 'utf8'))
  ).messages;
}

/** `{{ if eq <value> "de" }}…{{ else if … }}…{{ else }}<English>{{ end }}` over the languages. */
function byLocale(/** @type {(locale: string) => string} */ text, value = '.Data.locale', separator = '') {
  const others = LOCALES.filter((locale) => locale !== 'en');
  return (
    others.map((locale, i) => `{{ ${i === 0 ? 'if' : 'else if'} eq ${value} "${locale}" }}${separator}${text(locale)}${separator}`).join('') +
    `{{ else }}${separator}${text('en')}${separator}{{ end }}`
  );
}

/** A mail's paragraphs in one language, as composeEmail writes them (backend/src/auth/emails.ts). */
function paragraphs(/** @type {Mail} */ mail, /** @type {Copy} */ words, /** @type {string} */ locale, /** @type {number} */ minutes) {
  const messages = catalog(locale);
  const t = (/** @type {string} */ id, data = DATA) => say(messages, id, { html: true, minutes, data });
  if (mail.kind === 'code') return [t(words.intro), t('authmail.yourCode'), t('authmail.codeOnce')];
  // the notice goes to the old address after the change: GoTrue's .Email is the new one
  if (mail.kind === 'notice') return [t(words.intro, { ...DATA, new: '{{ .Email }}' }), t(/** @type {string} */ (words.action))];
  return [t(words.intro), `<a href="{{ .ConfirmationURL }}">${t(/** @type {string} */ (words.action))}</a>`, t('authmail.orCode'), t('authmail.linkOnce')];
}

const languageBlock = (/** @type {string} */ locale, /** @type {string[]} */ parts) =>
  `<div lang="${locale}">\n${parts.map((p) => `<p>${p}</p>`).join('\n')}\n</div>`;

/** Which reader: the new address or (secure email change) the current one. */
const READER = 'eq .SendingTo .NewEmail';

/** The templates and the config.toml block, from the catalog as it is now. */
export function authTemplates(config = readFileSync(CONFIG, 'utf8')) {
  const toml = /** @type {{ auth?: { email?: { otp_expiry?: number } } }} */ (parse(config.replace(blockPattern(), '')));
  const minutes = Math.round((toml.auth?.email?.otp_expiry ?? 3600) / 60);
  /** @type {Record<string, string>} */
  const files = {};
  const sections = [];
  for (const mail of MAILS) {
    const body = (/** @type {Copy} */ words) => byLocale((locale) => languageBlock(locale, paragraphs(mail, words, locale, minutes)), '.Data.locale', '\n');
    const subject = (/** @type {Copy} */ words) => byLocale((locale) => say(catalog(locale), words.subject, { html: false, minutes }));
    const current = mail.current;
    files[`${mail.name}.html`] =
      `{{/* ${mail.name}: written by backend/scripts/auth-templates.mjs from backend/src/auth/locales; do not edit */}}\n` +
      (current ? `{{ if ${READER} }}\n${body(mail.copy)}\n{{ else }}\n${body(current)}\n{{ end }}\n` : `${body(mail.copy)}\n`);
    const subjectTemplate = current ? `{{ if ${READER} }}${subject(mail.copy)}{{ else }}${subject(current)}{{ end }}` : subject(mail.copy);
    sections.push(
      [
        `[auth.email.${mail.table}.${mail.name}]`,
        ...(mail.table === 'notification' ? ['enabled = true'] : []),
        `subject = ${JSON.stringify(subjectTemplate)}`,
        `content_path = "./supabase/templates/${mail.name}.html"`,
      ].join('\n'),
    );
  }
  return { files, block: `${BEGIN}\n${sections.join('\n\n')}\n${END}` };
}

function blockPattern() {
  const quote = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${quote(BEGIN)}[\\s\\S]*?${quote(END)}`);
}

/** config.toml with the block in place (appended the first time). */
export function withBlock(/** @type {string} */ config, /** @type {string} */ block) {
  return blockPattern().test(config) ? config.replace(blockPattern(), () => block) : `${config.replace(/\n*$/, '\n\n')}${block}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = readFileSync(CONFIG, 'utf8');
  const { files, block } = authTemplates(config);
  const wanted = {
    [CONFIG]: withBlock(config, block),
    ...Object.fromEntries(Object.entries(files).map(([name, text]) => [join(ROOT, 'supabase', 'templates', name), text])),
  };
  const read = (/** @type {string} */ file) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  };
  const behind = Object.keys(wanted).filter((file) => read(file) !== wanted[file]);
  if (process.argv.includes('--check')) {
    if (behind.length) {
      console.error(`auth email templates are behind backend/src/auth/locales: ${behind.map((f) => f.slice(ROOT.length + 1)).join(', ')}`);
      console.error('run `node backend/scripts/auth-templates.mjs`');
      process.exit(1);
    }
    console.log(`auth email templates: ${MAILS.length} mails in ${LOCALES.length} languages, up to date`);
  } else {
    for (const file of behind) writeFileSync(file, wanted[file]);
    console.log(`auth email templates: ${behind.length ? `wrote ${behind.map((f) => f.slice(ROOT.length + 1)).join(', ')}` : 'up to date'}`);
  }
}
