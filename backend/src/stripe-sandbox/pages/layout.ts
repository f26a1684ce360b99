// The hosted pages' frame: lang, title, one stylesheet from this origin, a strict CSP whose
// form-action also allows the origins the forms redirect to (Chromium applies it to redirects).
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Locale } from '../../../../shared/src/i18n/locales.ts';
import { intlLocale, texts, type Texts } from './texts.ts';

export type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

export const css = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1b1f; background: #f4f4f6; }
body { margin: 0; }
main { max-width: 34rem; margin: 2rem auto; background: #fff; border: 1px solid #c9c9d1; border-radius: 8px; padding: 1.5rem 2rem 2rem; }
.brand { font-size: .9rem; color: #4a4a55; margin: 0 0 .25rem; }
.sandbox { display: inline-block; background: #fff4d6; color: #5c3b00; border: 1px solid #c79a2c; border-radius: 4px; padding: 0 .4rem; font-size: .8rem; }
h1 { font-size: 1.5rem; margin: .25rem 0 1rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .35rem 0; border-bottom: 1px solid #e1e1e6; }
td.num, th.num { text-align: right; }
label { display: block; font-weight: 600; margin: 1rem 0 .3rem; }
input, select { width: 100%; box-sizing: border-box; font: inherit; padding: .55rem .6rem; border: 1px solid #6b6b76; border-radius: 4px; color: #1b1b1f; background: #fff; }
input[aria-invalid="true"] { border: 2px solid #b00020; }
.row { display: flex; gap: 1rem; }
.row > div { flex: 1; }
.hint { color: #4a4a55; font-size: .9rem; margin: .3rem 0 0; }
.field-error { color: #b00020; font-weight: 600; margin: .3rem 0 0; }
.alert { border: 2px solid #b00020; background: #fdecee; color: #7a0016; border-radius: 6px; padding: .75rem 1rem; margin: 1rem 0; }
.notice { border: 2px solid #1d6b35; background: #eaf6ee; color: #10461f; border-radius: 6px; padding: .75rem 1rem; margin: 1rem 0; }
.alert:focus, .notice:focus { outline: 3px solid #1b1b1f; outline-offset: 2px; }
button, .button { display: inline-block; font: inherit; font-weight: 600; border-radius: 4px; padding: .6rem 1.1rem; cursor: pointer; text-decoration: none; }
button.primary, .button.primary { background: #0b4f9c; color: #fff; border: 2px solid #0b4f9c; }
button.secondary, .button.secondary { background: #fff; color: #0b4f9c; border: 2px solid #0b4f9c; }
button.danger { background: #fff; color: #9b001a; border: 2px solid #9b001a; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin-top: 1.5rem; }
a { color: #0b4f9c; }
:focus-visible { outline: 3px solid #b35900; outline-offset: 2px; }
.total { font-weight: 700; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
form.inline { display: inline; }
.wallets { display: grid; gap: .6rem; }
button.wallet { width: 100%; border: 2px solid #1b1b1f; background: #1b1b1f; color: #fff; padding: .7rem 1rem; }
button.wallet-paypal { background: #ffc439; border-color: #ffc439; color: #1b1b1f; }
.divider { text-align: center; color: #4a4a55; margin: 1.25rem 0 0; }
`;

/** The pages' icon (a thimble-blue square with an S), served at /favicon.svg and /favicon.ico: browsers ask for it. */
export const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b4f9c"/><text x="16" y="23" font-family="system-ui, sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#fff">S</text></svg>`;

function origin(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export interface PageOptions {
  title: string;
  body: Markup;
  /** URLs the page's forms may redirect to (success_url, return_url, …). */
  redirectsTo?: Array<string | null | undefined>;
  status?: number;
  /** The page's language (the session's locale, else the browser's): `<html lang>` and the frame's texts. */
  lang?: Locale;
}

export async function page(c: Context, options: PageOptions): Promise<Response> {
  const targets = [...new Set(options.redirectsTo?.map(origin).filter((o): o is string => Boolean(o)))];
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action 'self' ${targets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  const lang = options.lang ?? 'en';
  const document = await html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/sandbox.css">
</head>
<body>
<main>
<p class="brand">Stitchhouse <span class="sandbox">${texts(lang).sandboxBadge}</span></p>
${options.body}
</main>
</body>
</html>`;
  return new Response(document.toString(), {
    status: options.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    },
  });
}

export function money(amount: number, currency: string, lang: Locale = 'en'): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

export const countries: Array<[string, string]> = [
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['BG', 'Bulgaria'],
  ['HR', 'Croatia'],
  ['CY', 'Cyprus'],
  ['CZ', 'Czechia'],
  ['DK', 'Denmark'],
  ['EE', 'Estonia'],
  ['FI', 'Finland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['GR', 'Greece'],
  ['HU', 'Hungary'],
  ['IE', 'Ireland'],
  ['IT', 'Italy'],
  ['LV', 'Latvia'],
  ['LT', 'Lithuania'],
  ['LU', 'Luxembourg'],
  ['MT', 'Malta'],
  ['NL', 'Netherlands'],
  ['PL', 'Poland'],
  ['PT', 'Portugal'],
  ['RO', 'Romania'],
  ['SK', 'Slovakia'],
  ['SI', 'Slovenia'],
  ['ES', 'Spain'],
  ['SE', 'Sweden'],
  ['GB', 'United Kingdom'],
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['AU', 'Australia'],
  ['CH', 'Switzerland'],
  ['NO', 'Norway'],
];

/** The countries in the page's language (Intl's region names; English as listed above), in its alphabetical order. */
export function countryOptionTags(selected: string | undefined, lang: Locale = 'en'): Markup {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  const named =
    lang === 'en' ? countries : countries.map(([code]): [string, string] => [code, names.of(code) ?? code]).sort(([, a], [, b]) => a.localeCompare(b, lang));
  return html`${named.map(([code, name]) => html`<option value="${code}"${code === selected ? html` selected` : ''}>${name}</option>`)}`;
}

/** Card number, expiry, CVC and name fields; the one in error gets aria-invalid, its message and focus. */
export function cardFields(values: Record<string, string>, error?: { field: string; message: string }, t: Texts = texts('en')): Markup {
  const field = (name: string, label: string, attrs: Markup, hint?: string) => {
    const invalid = error?.field === name;
    const described = [hint ? `${name}-hint` : '', invalid ? `${name}-error` : ''].filter(Boolean).join(' ');
    return html`<div>
<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${values[name] ?? ''}" ${attrs}${invalid ? html` aria-invalid="true" autofocus` : ''}${described ? html` aria-describedby="${described}"` : ''} required>
${hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : ''}
${invalid ? html`<p class="field-error" id="${name}-error">${error!.message}</p>` : ''}
</div>`;
  };
  return html`
${field('number', t.cardNumber, html`inputmode="numeric" autocomplete="cc-number"`, t.testCardsHint)}
<div class="row">
${field('expiry', t.expiry, html`inputmode="numeric" autocomplete="cc-exp" placeholder="${t.expiryPlaceholder}"`)}
${field('cvc', t.cvc, html`inputmode="numeric" autocomplete="cc-csc" maxlength="4"`)}
</div>
${field('name', t.nameOnCard, html`autocomplete="cc-name"`)}
`;
}
