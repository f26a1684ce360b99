// Connect onboarding: /connect/onboarding/:link — opening a link uses it; the short form
// completes the account (account.updated) and returns to return_url. Used or expired links
// go to refresh_url, like Stripe's.
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type Stripe from 'stripe';
import type { SandboxCore } from '../core.ts';
import { linkAccount, openAccountLink, submitOnboarding } from '../api/connect.ts';
import { countryOptionTags, page } from './layout.ts';

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
  const body = html`
<h1>Get paid by Stitchhouse</h1>
<p>Stitchhouse uses Stripe to pay designers. Tell us where to send your money${account.email ? html` (account for <strong>${account.email}</strong>)` : ''}.</p>
${error ? html`<div class="alert" role="alert">Please correct the highlighted field.</div>` : ''}
<form method="post" action="/connect/onboarding/${link}" novalidate>
<input type="hidden" name="token" value="${token}">
<label for="legal_name">Legal name</label>
<input id="legal_name" name="legal_name" autocomplete="name" value="${values.legal_name ?? ''}" required${invalid('legal_name')}>
${message('legal_name')}
<label for="country">Country</label>
<select id="country" name="country" autocomplete="country">${countryOptionTags(values.country ?? account.country ?? 'IE')}</select>
<label for="account_number">IBAN or account number</label>
<input id="account_number" name="account_number" autocomplete="off" value="${values.account_number ?? testIban}" required${invalid('account_number')}>
<p class="hint" id="account_number-hint">Test value: ${testIban} (prefilled).</p>
${message('account_number')}
<div class="actions"><button class="primary" type="submit">Agree and submit</button></div>
</form>`;
  return page(c, { title: `${error ? 'Error: ' : ''}Payout details · Stitchhouse sandbox`, body, status: error ? 400 : 200, redirectsTo: redirects });
}

export function onboardingPages(sb: SandboxCore): Hono {
  const app = new Hono();
  const notFound = (c: Context) =>
    page(c, { title: 'Link not found · Stitchhouse sandbox', status: 404, body: html`<h1>Link not found</h1><p>This onboarding link is not valid.</p>` });

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
    const error = !values.legal_name
      ? { field: 'legal_name', message: 'Enter your legal name.' }
      : !/^([A-Z]{2}\d{2}[A-Z0-9]{10,30}|\d{6,17})$/.test(compact)
        ? { field: 'account_number', message: 'Enter an IBAN (e.g. IE29 AIBK …) or a 6–17 digit account number.' }
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
