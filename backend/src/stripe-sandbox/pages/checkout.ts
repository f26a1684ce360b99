// Hosted checkout: /checkout/:id shows the items and takes a test card; 3-D Secure cards go
// through /checkout/:id/authenticate (Complete / Fail). Above the card form, as on Stripe's page,
// the wallets the session offers (payment_method_types): Apple Pay and Google Pay with card (the
// wallet's stand-in pays with a tokenized 4242 card), PayPal with paypal (its approval page,
// /checkout/:id/paypal, Approve / Cancel). Plain form POSTs and 303 redirects.
import type Stripe from 'stripe';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { SandboxCore } from '../core.ts';
import { parseExpiry, testCards, WALLETS, type CardInput, type Wallet } from '../cards.ts';
import { authenticate, expireDueSessions, getSession, lineItemsOf, paySession, type PayOutcome } from '../api/checkout.ts';
import { getCustomer } from '../api/customers.ts';
import { getIntent } from '../api/payments.ts';
import { cardFields, countryOptionTags, money, page, type Markup } from './layout.ts';
import { cardErrorText, pageLanguage, texts, type Texts } from './texts.ts';
import type { Locale } from '../../../../shared/src/i18n/locales.ts';
import { StripeApiError } from '../errors.ts';
import { behaviourOf, taxRateFor, type TaxRate } from '../tax.ts';
import { formatBasisPoints } from '../../../../shared/src/plans.ts';

type Session = Stripe.Checkout.Session;

interface FormState {
  values: Record<string, string>;
  fieldError?: { field: string; message: string };
  alert?: string;
}

function goneMessage(session: Session, t: Texts): Markup {
  if (session.status === 'expired') {
    return html`<h1>${t.expiredHeading}</h1>
<p>${t.expiredText}</p>
${session.cancel_url ? html`<p><a class="button primary" href="${session.cancel_url}">${t.returnToStitchhouse}</a></p>` : ''}`;
  }
  return html`<h1>${t.completeHeading}</h1>
<p>${t.completeText}</p>
${session.success_url ? html`<p><a class="button primary" href="${session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id)}">${t.continueToStitchhouse}</a></p>` : ''}`;
}

/** The language of a session's pages: its locale, else (auto, none) the browser's. */
function sessionLanguage(c: Context, session: Session): Locale {
  return pageLanguage(session.locale, c.req.header('accept-language'));
}

/** The texts of session `id`'s pages (for what a form POST answers). */
async function sessionTexts(c: Context, sb: SandboxCore, id: string): Promise<Texts> {
  const session = await sb.tx(async (t) => (await getSession(t, id)).data);
  return texts(sessionLanguage(c, session));
}

async function render(c: Context, sb: SandboxCore, id: string, state: FormState, status = 200): Promise<Response> {
  const { session, items, customerEmail, customerCountry, tax } = await sb.tx(async (t) => {
    let stored = await getSession(t, id);
    // past expires_at but not yet swept: say so now rather than offer a form that cannot pay
    if (stored.data.status === 'open' && stored.data.expires_at <= t.now) {
      await expireDueSessions(sb, t);
      stored = await getSession(t, id);
    }
    const customer = stored.data.customer ? await getCustomer(t, stored.data.customer as string) : undefined;
    return {
      session: stored.data,
      items: lineItemsOf(stored).data,
      customerEmail: customer?.data.email ?? null,
      customerCountry: customer?.data.address?.country ?? null,
      tax: (stored.internal as { tax?: TaxRate | null }).tax ?? null,
    };
  });
  const lang = sessionLanguage(c, session);
  const t = texts(lang);
  const title = session.status === 'open' ? t.payTitle : session.status === 'expired' ? t.expiredTitle : t.completeTitle;
  if (session.status !== 'open')
    return page(c, { title: `${title} · ${t.titleSuffix}`, body: goneMessage(session, t), status: session.status === 'expired' ? 410 : 200, lang });
  const currency = session.currency!;
  const askEmail = !session.customer_email && !customerEmail;
  const v = state.values;
  // like Stripe's page: the country Stripe Tax knows (the customer's address) is preselected
  const country = v.country || session.customer_details?.address?.country || customerCountry || 'IE';
  const taxRate = session.automatic_tax.enabled ? (tax ?? taxRateFor(customerCountry)) : null;
  const inclusive = items.every((i) => !i.price || behaviourOf(i.price) === 'inclusive');
  const taxAmount = session.total_details?.amount_tax ?? 0;
  const body = html`
<h1>${t.payTitle}</h1>
${state.alert ? html`<div class="alert" role="alert" id="payment-error" tabindex="-1" autofocus>${t.paymentFailed(state.alert)}</div>` : ''}
<h2 id="summary">${session.mode === 'subscription' ? t.orderSummarySubscription : t.orderSummary}</h2>
<table aria-labelledby="summary">
<thead><tr><th scope="col">${t.item}</th><th scope="col" class="num">${t.qty}</th><th scope="col" class="num">${t.amount}</th></tr></thead>
<tbody>
${items.map((i) => html`<tr><td>${i.description}${i.price?.recurring ? html` · ${t.perInterval(i.price.recurring.interval)}` : ''}</td><td class="num">${i.quantity}</td><td class="num">${money(i.amount_total, currency, lang)}</td></tr>`)}
</tbody>
<tfoot>
${
  session.automatic_tax.enabled
    ? session.automatic_tax.status === 'complete' && taxRate
      ? html`<tr id="tax-line"><th scope="row" colspan="2">${taxRate.rateBp ? t.vatRate(formatBasisPoints(taxRate.rateBp), inclusive) : t.vat}</th><td class="num">${money(taxAmount, currency, lang)}</td></tr>`
      : html`<tr id="tax-line"><th scope="row" colspan="2">${t.tax}</th><td class="num">${t.taxFromCountry}</td></tr>`
    : ''
}
<tr><th scope="row" colspan="2">${t.total}</th><td class="num total">${money(session.amount_total ?? 0, currency, lang)}</td></tr></tfoot>
</table>
${walletButtons(session, country, askEmail ? (v.email ?? '') : null, t)}
<form method="post" action="/checkout/${session.id}" novalidate>
<h2>${t.paymentDetails}</h2>
${
  askEmail
    ? html`<label for="email">${t.email}</label>
<input id="email" name="email" type="email" autocomplete="email" value="${v.email ?? ''}" required${state.fieldError?.field === 'email' ? html` aria-invalid="true" autofocus aria-describedby="email-error"` : ''}>
${state.fieldError?.field === 'email' ? html`<p class="field-error" id="email-error">${state.fieldError.message}</p>` : ''}`
    : html`<p>${t.receiptTo(session.customer_email ?? customerEmail ?? t.emailOnFile)}</p>`
}
${cardFields(v, state.fieldError, t)}
<label for="country">${t.country}</label>
<select id="country" name="country" autocomplete="country">${countryOptionTags(country, lang)}</select>
<div class="actions">
<button class="primary" type="submit">${t.pay(money(session.amount_total ?? 0, currency, lang))}</button>
${session.cancel_url ? html`<a href="${session.cancel_url}">${t.cancelAndReturnToStitchhouse}</a>` : ''}
</div>
</form>`;
  return page(c, {
    title: `${state.alert || state.fieldError ? t.errorPrefix : ''}${title} · ${t.titleSuffix}`,
    body,
    status,
    lang,
    redirectsTo: [session.success_url, session.cancel_url],
  });
}

const WALLET_NAMES: Record<Wallet, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', paypal: 'PayPal' };

/**
 * The express checkout buttons of the methods the session offers, above the card form as on
 * Stripe's page. Their own form (so Enter in the card form still pays by card), with the country
 * the page preselects; the wallet hands over the buyer's email when the session has none.
 */
function walletButtons(session: Session, country: string, askEmail: string | null, t: Texts): Markup | '' {
  const offered = WALLETS.filter((w) => session.payment_method_types.includes(w === 'paypal' ? 'paypal' : 'card'));
  if (!offered.length) return '';
  return html`<h2 id="express-title">${t.expressCheckout}</h2>
<form method="post" action="/checkout/${session.id}/wallet" novalidate aria-labelledby="express-title">
<input type="hidden" name="country" value="${country}">
${
  askEmail !== null
    ? html`<label for="wallet-email">${t.walletEmail}</label>
<input id="wallet-email" name="email" type="email" autocomplete="email" value="${askEmail}">`
    : ''
}
<div class="wallets">
${offered.map((w) => html`<button class="wallet wallet-${w.replace('_', '-')}" type="submit" name="wallet" value="${w}">${WALLET_NAMES[w]}</button>`)}
</div>
</form>
<p class="divider">${t.orPayWithCard}</p>
`;
}

/** What a wallet hands over: a tokenized card (Apple Pay, Google Pay) or the PayPal payer, with the buyer's country and name. */
function walletPayment(wallet: Wallet, country: string, name: string, now: number): CardInput {
  return { number: testCards.succeeds, exp_month: 12, exp_year: new Date(now * 1000).getUTCFullYear() + 3, cvc: '123', name, country, wallet };
}

function afterOutcome(c: Context, sb: SandboxCore, id: string, outcome: PayOutcome, values: Record<string, string>): Promise<Response> | Response {
  // the error in the session's language; the API's error object keeps Stripe's English message
  const t = texts(sessionLanguage(c, outcome.session));
  switch (outcome.status) {
    case 'succeeded':
      return outcome.redirect ? c.redirect(outcome.redirect, 303) : render(c, sb, id, { values: {} });
    case 'requires_action':
      return c.redirect(`/checkout/${id}/authenticate`, 303);
    case 'failed':
      return render(c, sb, id, { values: { ...values, cvc: '' }, alert: cardErrorText(t, outcome.error) }, 402);
    case 'invalid':
      return render(
        c,
        sb,
        id,
        { values, fieldError: { field: outcome.error.code === 'email_invalid' ? 'email' : outcome.error.field, message: cardErrorText(t, outcome.error) } },
        400,
      );
    default:
      return render(c, sb, id, { values: {} });
  }
}

export function checkoutPages(sb: SandboxCore): Hono {
  const app = new Hono();
  const guard = (fn: (c: Context, id: string) => Promise<Response>) => async (c: Context) => {
    const id = c.req.param('id')!;
    try {
      return await fn(c, id);
    } catch (err) {
      if (err instanceof StripeApiError && err.status === 404) {
        const lang = pageLanguage(null, c.req.header('accept-language'));
        const t = texts(lang);
        return page(c, {
          title: `${t.notFoundTitle} · ${t.titleSuffix}`,
          status: 404,
          body: html`<h1>${t.notFoundTitle}</h1><p>${t.notFoundText}</p>`,
          lang,
        });
      }
      throw err;
    }
  };

  app.get(
    '/:id',
    guard((c, id) => render(c, sb, id, { values: {} })),
  );
  app.post(
    '/:id',
    guard(async (c, id) => {
      const form = await c.req.parseBody();
      const values = Object.fromEntries(
        ['email', 'number', 'expiry', 'cvc', 'name', 'country'].map((k) => [k, typeof form[k] === 'string' ? (form[k] as string).trim() : '']),
      );
      const expiry = parseExpiry(values.expiry!);
      const t = await sessionTexts(c, sb, id);
      if (!expiry) return render(c, sb, id, { values, fieldError: { field: 'expiry', message: t.enterExpiry } }, 400);
      if (!values.name) return render(c, sb, id, { values, fieldError: { field: 'name', message: t.enterName } }, 400);
      if (values.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email!)) {
        return render(c, sb, id, { values, fieldError: { field: 'email', message: t.enterEmail } }, 400);
      }
      const outcome = await sb.tx((t) =>
        paySession(
          sb,
          t,
          id,
          {
            number: values.number!,
            exp_month: expiry.month,
            exp_year: expiry.year,
            cvc: values.cvc!,
            name: values.name,
            country: values.country || 'IE',
          },
          values.email || null,
        ),
      );
      return afterOutcome(c, sb, id, outcome, values);
    }),
  );

  app.post(
    '/:id/wallet',
    guard(async (c, id) => {
      const form = await c.req.parseBody();
      const text = (k: string) => (typeof form[k] === 'string' ? (form[k] as string).trim() : '');
      const values = Object.fromEntries(['email', 'name', 'country'].map((k) => [k, text(k)]));
      const wallet = WALLETS.find((w) => w === text('wallet'));
      const t = await sessionTexts(c, sb, id);
      if (!wallet) return render(c, sb, id, { values, alert: t.chooseWallet }, 400);
      if (values.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email!)) {
        return render(c, sb, id, { values, fieldError: { field: 'email', message: t.enterEmail } }, 400);
      }
      const country = values.country || 'IE';
      if (wallet === 'paypal') {
        // PayPal's own page approves the payment first
        return c.redirect(`/checkout/${id}/paypal?${new URLSearchParams({ country, ...(values.email ? { email: values.email } : {}) })}`, 303);
      }
      const outcome = await sb.tx((t) =>
        paySession(sb, t, id, walletPayment(wallet, country, values.name || `${WALLET_NAMES[wallet]} holder`, t.now), values.email || null),
      );
      return afterOutcome(c, sb, id, outcome, values);
    }),
  );

  app.get(
    '/:id/paypal',
    guard(async (c, id) => {
      const { session } = await sb.tx(async (t) => ({ session: (await getSession(t, id)).data }));
      if (session.status !== 'open' || !session.payment_method_types.includes('paypal')) return c.redirect(`/checkout/${id}`, 303);
      const country = c.req.query('country') ?? 'IE';
      const email = c.req.query('email') ?? '';
      const lang = sessionLanguage(c, session);
      const t = texts(lang);
      const body = html`
<h1>PayPal</h1>
<p>${t.paypalApprove(money(session.amount_total ?? 0, session.currency!, lang))}</p>
<p class="hint" id="paypal-hint">${t.paypalHint}</p>
<form method="post" action="/checkout/${id}/paypal" aria-describedby="paypal-hint">
<input type="hidden" name="country" value="${country}">
<input type="hidden" name="email" value="${email}">
<div class="actions">
<button class="primary" type="submit" name="outcome" value="approve" autofocus>${t.approveAndPay}</button>
<button class="secondary" type="submit" name="outcome" value="cancel">${t.cancelAndReturn}</button>
</div>
</form>`;
      return page(c, { title: `PayPal · ${t.titleSuffix}`, body, redirectsTo: [session.success_url, session.cancel_url], lang });
    }),
  );
  app.post(
    '/:id/paypal',
    guard(async (c, id) => {
      const form = await c.req.parseBody();
      const text = (k: string) => (typeof form[k] === 'string' ? (form[k] as string).trim() : '');
      if (text('outcome') !== 'approve') return c.redirect(`/checkout/${id}`, 303);
      const outcome = await sb.tx((t) => paySession(sb, t, id, walletPayment('paypal', text('country') || 'IE', 'PayPal payer', t.now), text('email') || null));
      return afterOutcome(c, sb, id, outcome, { email: text('email'), country: text('country') });
    }),
  );

  app.get(
    '/:id/authenticate',
    guard(async (c, id) => {
      const waiting = await sb.tx(async (t) => {
        const stored = await getSession(t, id);
        const intentId = (stored.internal as { intent?: string }).intent;
        const intent = intentId ? (await getIntent(t, intentId)).data : undefined;
        return intent?.status === 'requires_action' ? { session: stored.data, intent } : undefined;
      });
      if (!waiting) return c.redirect(`/checkout/${id}`, 303);
      const lang = sessionLanguage(c, waiting.session);
      const t = texts(lang);
      const body = html`
<h1>${t.secureTitle}</h1>
<p>${t.secureText(money(waiting.intent.amount, waiting.intent.currency, lang))}</p>
<p class="hint" id="test-hint">${t.secureHint}</p>
<form method="post" action="/checkout/${id}/authenticate" aria-describedby="test-hint">
<div class="actions">
<button class="primary" type="submit" name="outcome" value="complete" autofocus>${t.completeAuthentication}</button>
<button class="danger" type="submit" name="outcome" value="fail">${t.failAuthentication}</button>
</div>
</form>`;
      return page(c, {
        title: `${t.secureTitle} · ${t.titleSuffix}`,
        lang,
        body,
        redirectsTo: [waiting.session.success_url, waiting.session.cancel_url],
      });
    }),
  );
  app.post(
    '/:id/authenticate',
    guard(async (c, id) => {
      const form = await c.req.parseBody();
      const outcome = await sb.tx((t) => authenticate(sb, t, id, form.outcome === 'complete'));
      return afterOutcome(c, sb, id, outcome, {});
    }),
  );
  return app;
}
