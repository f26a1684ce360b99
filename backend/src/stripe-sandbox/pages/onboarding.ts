// Connect onboarding: /connect/onboarding/:link — opening a link uses it; the short form
// completes the account (account.updated) and returns to return_url. Used or expired links
// go to refresh_url, like Stripe's. In the browser's language, as Stripe's hosted onboarding
// (an account link carries no locale).
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type Stripe from 'stripe';
import type { SandboxCore } from '../core.ts';
import { linkAccount, openAccountLink, submitOnboarding } from '../api/connect.ts';
import { countryOptionTags, page } from './layout.ts';
import { pageLanguage, texts } from './texts.ts';

const testIban = 'IE29 AIBK 9311 5212 3456 78';

function form(
  c: Context,
  link: string,
  account: Stripe.Account,
  token: string,
  values: Record<string, string>,
  error?: { field: string; message: string },
  redirects: string[] = [],
): Promise<Response> {
  const invalid = (name: string) =>
    error?.field === name
      ? html` aria-invalid="true" autofocus aria-describedby="${name}-error${name === 'account_number' ? ' account_number-hint' : ''}"`
      : name === 'account_number'
        ? html` aria-describedby="account_number-hint"`
        : '';
  const message = (name: string) => (error?.field === name ? html`<p class="field-error" id="${name}-error">${error.message}</p>` : '');
  const lang = browserLanguage(c);
  const t = texts(lang);
  const o = t.onboarding;
  const body = html`
<h1>${o.heading}</h1>
<p>${o.intro(account.email)}</p>
${error ? html`<div class="alert" role="alert">${o.correctField}</div>` : ''}
<form method="post" action="/connect/onboarding/${link}" novalidate>
<input type="hidden" name="token" value="${token}">
<label for="legal_name">${o.legalName}</label>
<input id="legal_name" name="legal_name" autocomplete="name" value="${values.legal_name ?? ''}" required${invalid('legal_name')}>
${message('legal_name')}
<label for="country">${t.country}</label>
<select id="country" name="country" autocomplete="country">${countryOptionTags(values.country ?? account.country ?? 'IE', lang)}</select>
<label for="account_number">${o.account}</label>
<input id="account_number" name="account_number" autocomplete="off" value="${values.account_number ?? testIban}" required${invalid('account_number')}>
<p class="hint" id="account_number-hint">${o.testValue(testIban)}</p>
${message('account_number')}
<div class="actions"><button class="primary" type="submit">${o.submit}</button></div>
</form>`;
  return page(c, { title: `${error ? t.errorPrefix : ''}${o.title} · ${t.titleSuffix}`, body, status: error ? 400 : 200, redirectsTo: redirects, lang });
}

const browserLanguage = (c: Context) => pageLanguage(null, c.req.header('accept-language'));

export function onboardingPages(sb: SandboxCore): Hono {
  const app = new Hono();
  const notFound = (c: Context) => {
    const lang = browserLanguage(c);
    const { onboarding: o, titleSuffix } = texts(lang);
    return page(c, { title: `${o.linkNotFound} · ${titleSuffix}`, status: 404, body: html`<h1>${o.linkNotFound}</h1><p>${o.linkNotValid}</p>`, lang });
  };

  app.get('/:link', async (c) => {
    const link = c.req.param('link');
    const opened = await sb.tx((t) => openAccountLink(t, link));
    if (!opened) return notFound(c);
    if (!opened.ok) return c.redirect(opened.refreshUrl, 303);
    const internal = await sb.tx((t) => t.get(link));
    const urls = internal?.internal as { return_url?: string; refresh_url?: string } | undefined;
    return form(c, link, opened.account, opened.token, {}, undefined, [urls?.return_url ?? '', urls?.refresh_url ?? '']);
  });

  app.post('/:link', async (c) => {
    const link = c.req.param('link');
    const body = await c.req.parseBody();
    const values = Object.fromEntries(
      ['token', 'legal_name', 'country', 'account_number'].map((k) => [k, typeof body[k] === 'string' ? (body[k] as string).trim() : '']),
    );
    const compact = values.account_number!.replace(/\s/g, '').toUpperCase();
    const said = texts(browserLanguage(c)).onboarding;
    const error = !values.legal_name
      ? { field: 'legal_name', message: said.enterLegalName }
      : !/^([A-Z]{2}\d{2}[A-Z0-9]{10,30}|\d{6,17})$/.test(compact)
        ? { field: 'account_number', message: said.enterAccount }
        : undefined;
    const stored = await sb.tx((t) => t.get(link));
    const urls = stored?.internal as { return_url?: string; refresh_url?: string } | undefined;
    if (error) {
      const current = await sb.tx((t) => linkAccount(t, link));
      if (!current) return notFound(c);
      if (!current.token || current.token !== values.token || current.completed) return c.redirect(urls!.refresh_url!, 303);
      return form(c, link, current.account, current.token, values, error, [urls?.return_url ?? '', urls?.refresh_url ?? '']);
    }
    const result = await sb.tx((t) =>
      submitOnboarding(sb, t, link, values.token!, {
        legalName: values.legal_name!,
        country: (values.country || 'IE').toUpperCase(),
        accountNumber: compact,
      }),
    );
    if (!result) return notFound(c);
    return c.redirect('returnUrl' in result ? result.returnUrl : result.refreshUrl, 303);
  });
  return app;
}
