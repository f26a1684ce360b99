// Hosted Supabase's auth email templates (supabase/templates, subjects in supabase/config.toml),
// written by backend/scripts/auth-templates.mjs from the embedded backend's auth mail catalog:
// rendered here with Go's template semantics for the parts they use (`{{ if eq … }}`, `else if`,
// `else`, `end`, `{{ .Field }}`, comments; a missing value equals nothing; data escaped as
// html/template does), each mail in each language must say exactly what the embedded backend's
// mail says (backend/src/auth/emails.ts), with the link and the code, and be up to date with the catalog.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { composeEmail, emailChangedNotice, type PendingEmail } from '../src/auth/emails.ts';
import { authMailI18n } from '../src/auth/mailText.ts';
import type { ServiceContext } from '../src/context.ts';
import { escapeHtml } from '../../shared/src/html.ts';
import { LOCALES } from '../../shared/src/i18n/locales.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import { authTemplates, withBlock } from '../scripts/auth-templates.mjs';

const root = path.join(import.meta.dirname, '..', '..');
const config = fs.readFileSync(path.join(root, 'supabase', 'config.toml'), 'utf8');
const toml = parse(config) as { auth: { email: { otp_expiry?: number; template: Record<string, Tables>; notification: Record<string, Tables> } } };
type Tables = { subject: string; content_path: string; enabled?: boolean };

type Data = Record<string, unknown>;

/** A value of the template's data: `.A.B` (missing: undefined, as Go's zero value) or a "string". */
function operand(token: string, data: Data): unknown {
  if (token.startsWith('"')) return JSON.parse(token) as string;
  if (!token.startsWith('.')) throw new Error(`unsupported operand ${token}`);
  return token
    .slice(1)
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Data)[key] : undefined), data);
}

/** `eq a b`: Go's eq, where a missing value compares unequal to anything and is no error. */
function condition(text: string, data: Data): boolean {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? [];
  if (tokens[0] !== 'eq' || tokens.length !== 3) throw new Error(`unsupported condition ${text}`);
  const [a, b] = [operand(tokens[1]!, data), operand(tokens[2]!, data)];
  return a !== undefined && b !== undefined && a === b;
}

/** Renders a Go template of if / else if / else / end, fields and comments; `html` escapes data as html/template. */
function render(template: string, data: Data, html: boolean): string {
  const parts = template.split(/(\{\{[\s\S]*?\}\})/);
  let out = '';
  // one frame per open `if`: whether a branch was taken, whether the current one is
  const stack: { taken: boolean; active: boolean }[] = [];
  const printing = () => stack.every((frame) => frame.active);
  for (const part of parts) {
    const action = /^\{\{-?\s*([\s\S]*?)\s*-?\}\}$/.exec(part)?.[1];
    if (action === undefined) {
      if (printing()) out += part;
    } else if (action.startsWith('/*')) {
      continue;
    } else if (action.startsWith('if ')) {
      const active = printing() && condition(action.slice(3), data);
      stack.push({ taken: active, active });
    } else if (action.startsWith('else if ')) {
      const frame = stack.at(-1)!;
      frame.active = !frame.taken && condition(action.slice(8), data);
      frame.taken ||= frame.active;
    } else if (action === 'else') {
      const frame = stack.at(-1)!;
      frame.active = !frame.taken;
      frame.taken = true;
    } else if (action === 'end') {
      if (!stack.pop()) throw new Error('end without if');
    } else if (action.startsWith('.')) {
      if (printing()) {
        const value = operand(action, data);
        out += value === undefined ? '' : html ? escapeHtml(String(value)) : String(value);
      }
    } else throw new Error(`unsupported action {{ ${action} }}`);
  }
  if (stack.length) throw new Error('if without end');
  return out;
}

const ctx = { config: { apiExternalUrl: 'https://abcd.supabase.co', otpExpiry: toml.auth.email.otp_expiry ?? 3600 } } as unknown as ServiceContext;

/** The body's paragraphs for comparison: the language block's div and line breaks taken off. */
function paragraphsOf(rendered: string): { lang: string | undefined; html: string } {
  const lang = /<div lang="([a-z]+)">/.exec(rendered)?.[1];
  return { lang, html: rendered.replace(/<\/?div[^>]*>/g, '').replace(/\n/g, '') };
}

const GOTRUE: Record<string, PendingEmail['kind']> = {
  confirmation: 'signup',
  invite: 'invite',
  magic_link: 'magiclink',
  recovery: 'recovery',
  reauthentication: 'reauthentication',
};

describe('hosted auth email templates', () => {
  it('config.toml names a subject and a template file for every mail GoTrue sends', () => {
    const { template, notification } = toml.auth.email;
    expect(Object.keys(template).sort()).toEqual(['confirmation', 'email_change', 'invite', 'magic_link', 'reauthentication', 'recovery']);
    expect(notification.email_changed!.enabled).toBe(true);
    for (const table of [...Object.values(template), ...Object.values(notification)]) {
      expect(table.content_path).toMatch(/^\.\/supabase\/templates\/[a-z_]+\.html$/);
      expect(fs.existsSync(path.join(root, table.content_path))).toBe(true);
    }
  });

  it('are up to date with the auth mail catalog (node backend/scripts/auth-templates.mjs)', () => {
    const { files, block } = authTemplates(config) as { files: Record<string, string>; block: string };
    expect(withBlock(config, block)).toBe(config);
    for (const [name, text] of Object.entries(files)) expect(fs.readFileSync(path.join(root, 'supabase', 'templates', name), 'utf8'), name).toBe(text);
  });

  for (const locale of [...LOCALES, 'it', undefined]) {
    const speaks = locale && (LOCALES as readonly string[]).includes(locale) ? locale : 'en';
    it(`say in ${locale ?? 'no language'} (${speaks}) what the embedded backend's mails say, with the link and the code`, () => {
      const i18n = authMailI18n(locale);
      const english = authMailI18n('en');
      const user = { Email: 'ada@example.com', Data: locale === undefined ? {} : { locale }, Token: '418302', SiteURL: 'https://stitchhouse.example' };
      const template = (name: string) => {
        const table = toml.auth.email.template[name] ?? toml.auth.email.notification[name]!;
        return { subject: table.subject, body: fs.readFileSync(path.join(root, table.content_path), 'utf8') };
      };

      for (const [name, kind] of Object.entries(GOTRUE)) {
        const local = composeEmail(ctx, {
          kind,
          to: user.Email,
          otp: user.Token,
          linkToken: 'tok-123',
          redirectTo: 'https://stitchhouse.example/account',
          locale,
        });
        const link = /href="([^"]+)"/.exec(local.html)?.[1]?.replace(/&amp;/g, '&');
        const data = { ...user, ConfirmationURL: link };
        const { subject, body } = template(name);
        expect(render(subject, data, false), name).toBe(local.subject);
        const rendered = paragraphsOf(render(body, data, true));
        expect(rendered.lang, name).toBe(speaks);
        expect(rendered.html, name).toBe(local.html);
        expect(rendered.html, name).toContain(user.Token);
        if (kind !== 'reauthentication') expect(rendered.html, name).toContain(`href="${escapeHtml(link!)}"`);
      }

      // the email change goes to both addresses: the new one confirms it, the current one is told and confirms too
      const change = template('email_change');
      const newAddress = 'ada.new@example.com';
      for (const [to, kind] of [
        [newAddress, 'email_change'],
        [user.Email, 'email_change_current'],
      ] as const) {
        const local = composeEmail(ctx, {
          kind,
          to,
          otp: user.Token,
          linkToken: 'tok-456',
          redirectTo: 'https://stitchhouse.example/account',
          newEmail: newAddress,
          locale,
        });
        const data = { ...user, NewEmail: newAddress, SendingTo: to, ConfirmationURL: /href="([^"]+)"/.exec(local.html)![1]!.replace(/&amp;/g, '&') };
        expect(render(change.subject, data, false), kind).toBe(local.subject);
        expect(paragraphsOf(render(change.body, data, true)).html, kind).toBe(local.html);
      }

      // the notice to the old address after the change (GoTrue: .OldEmail, and .Email is the new one)
      const notice = template('email_changed');
      const local = emailChangedNotice(user.Email, newAddress, locale);
      const data = { ...user, Email: newAddress, OldEmail: user.Email };
      expect(render(notice.subject, data, false)).toBe(local.subject);
      expect(paragraphsOf(render(notice.body, data, true)).html).toBe(local.html);

      // and it is that language's: the German subject is German, not the English one
      expect(render(template('confirmation').subject, { ...user }, false)).toBe(i18n._('authmail.signup.subject'));
      if (speaks !== 'en') expect(i18n._('authmail.signup.subject')).not.toBe(english._('authmail.signup.subject'));
    });
  }
});
