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
import { StripeApiError } from '../errors.ts';
import { behaviourOf, taxRateFor, type TaxRate } from '../tax.ts';
import { formatBasisPoints } from '../../../../shared/src/plans.ts';

type Session = Stripe.Checkout.Session;

interface FormState {
  values: Record<string, string>;
  fieldError?: { field: string; message: string };
  alert?: string;
}

function goneMessage(session: Session): Markup {
  if (session.status === 'expired') {
    return html`<h1>This checkout has expired</h1>
<p>The time to pay for this order ran out, so nothing was charged.</p>
${session.cancel_url ? html`<p><a class="button primary" href="${session.cancel_url}">Return to Stitchhouse</a></p>` : ''}`;
  }
  return html`<h1>This checkout is complete</h1>
<p>Your payment went through.</p>
${session.success_url ? html`<p><a class="button primary" href="${session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id)}">Continue to Stitchhouse</a></p>` : ''}`;
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
  const title = session.status === 'open' ? 'Pay Stitchhouse' : session.status === 'expired' ? 'Checkout expired' : 'Checkout complete';
  if (session.status !== 'open')
    return page(c, { title: `${title} · Stitchhouse sandbox`, body: goneMessage(session), status: session.status === 'expired' ? 410 : 200 });
  const currency = session.currency!;
  const askEmail = !session.customer_email && !customerEmail;
  const v = state.values;
  // like Stripe's page: the country Stripe Tax knows (the customer's address) is preselected
  const country = v.country || session.customer_details?.address?.country || customerCountry || 'IE';
  const taxRate = session.automatic_tax.enabled ? (tax ?? taxRateFor(customerCountry)) : null;
  const inclusive = items.every((i) => !i.price || behaviourOf(i.price) === 'inclusive');
  const taxAmount = session.total_details?.amount_tax ?? 0;
  const body = html`
<h1>Pay Stitchhouse</h1>
${state.alert ? html`<div class="alert" role="alert" id="payment-error" tabindex="-1" autofocus><strong>Payment failed.</strong> ${state.alert} Try another card, or cancel and return.</div>` : ''}
<h2 id="summary">Order summary${session.mode === 'subscription' ? ' (subscription)' : ''}</h2>
<table aria-labelledby="summary">
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${items.map((i) => html`<tr><td>${i.description}${i.price?.recurring ? html` · per ${i.price.recurring.interval}` : ''}</td><td class="num">${i.quantity}</td><td class="num">${money(i.amount_total, currency)}</td></tr>`)}
</tbody>
<tfoot>
${
  session.automatic_tax.enabled
    ? session.automatic_tax.status === 'complete' && taxRate
      ? html`<tr id="tax-line"><th scope="row" colspan="2">VAT${taxRate.rateBp ? ` (${formatBasisPoints(taxRate.rateBp)}${inclusive ? ', included' : ''})` : ''}</th><td class="num">${money(taxAmount, currency)}</td></tr>`
      : html`<tr id="tax-line"><th scope="row" colspan="2">Tax</th><td class="num">Calculated from your country</td></tr>`
    : ''
}
<tr><th scope="row" colspan="2">Total</th><td class="num total">${money(session.amount_total ?? 0, currency)}</td></tr></tfoot>
</table>
${walletButtons(session, country, askEmail ? (v.email ?? '') : null)}
<form method="post" action="/checkout/${session.id}" novalidate>
<h2>Payment details</h2>
${
  askEmail
    ? html`<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${v.email ?? ''}" required${state.fieldError?.field === 'email' ? html` aria-invalid="true" autofocus aria-describedby="email-error"` : ''}>
${state.fieldError?.field === 'email' ? html`<p class="field-error" id="email-error">${state.fieldError.message}</p>` : ''}`
    : html`<p>Receipt to <strong>${session.customer_email ?? customerEmail ?? 'the email on file'}</strong></p>`
}
${cardFields(v, state.fieldError)}
<label for="country">Country</label>
<select id="country" name="country" autocomplete="country">${countryOptionTags(country)}</select>
<div class="actions">
<button class="primary" type="submit">Pay ${money(session.amount_total ?? 0, currency)}</button>
${session.cancel_url ? html`<a href="${session.cancel_url}">Cancel and return to Stitchhouse</a>` : ''}
</div>
</form>`;
  return page(c, {
    title: `${state.alert || state.fieldError ? 'Error: ' : ''}${title} · Stitchhouse sandbox`,
    body,
    status,
    redirectsTo: [session.success_url, session.cancel_url],
  });
}

const WALLET_NAMES: Record<Wallet, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', paypal: 'PayPal' };

/**
 * The express checkout buttons of the methods the session offers, above the card form as on
 * Stripe's page. Their own form (so Enter in the card form still pays by card), with the country
 * the page preselects; the wallet hands over the buyer's email when the session has none.
 */
function walletButtons(session: Session, country: string, askEmail: string | null): Markup | '' {
  const offered = WALLETS.filter((w) => session.payment_method_types.includes(w === 'paypal' ? 'paypal' : 'card'));
  if (!offered.length) return '';
  return html`<h2 id="express-title">Express checkout</h2>
<form method="post" action="/checkout/${session.id}/wallet" novalidate aria-labelledby="express-title">
<input type="hidden" name="country" value="${country}">
${
  askEmail !== null
    ? html`<label for="wallet-email">Email your wallet shares</label>
<input id="wallet-email" name="email" type="email" autocomplete="email" value="${askEmail}">`
    : ''
}
<div class="wallets">
${offered.map((w) => html`<button class="wallet wallet-${w.replace('_', '-')}" type="submit" name="wallet" value="${w}">${WALLET_NAMES[w]}</button>`)}
</div>
</form>
<p class="divider">Or pay with card</p>
`;
}

/** What a wallet hands over: a tokenized card (Apple Pay, Google Pay) or the PayPal payer, with the buyer's country and name. */
function walletPayment(wallet: Wallet, country: string, name: string, now: number): CardInput {
  return { number: testCards.succeeds, exp_month: 12, exp_year: new Date(now * 1000).getUTCFullYear() + 3, cvc: '123', name, country, wallet };
}

function afterOutcome(c: Context, sb: SandboxCore, id: string, outcome: PayOutcome, values: Record<string, string>): Promise<Response> | Response {
  switch (outcome.status) {
    case 'succeeded':
      return outcome.redirect ? c.redirect(outcome.redirect, 303) : render(c, sb, id, { values: {} });
    case 'requires_action':
      return c.redirect(`/checkout/${id}/authenticate`, 303);
    case 'failed':
      return render(c, sb, id, { values: { ...values, cvc: '' }, alert: outcome.error.message }, 402);
    case 'invalid':
      return render(
        c,
        sb,
        id,
        { values, fieldError: { field: outcome.error.code === 'email_invalid' ? 'email' : outcome.error.field, message: outcome.error.message } },
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
        return page(c, {
          title: 'Checkout not found · Stitchhouse sandbox',
          status: 404,
          body: html`<h1>Checkout not found</h1><p>This payment link is not valid.</p>`,
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
      if (!expiry) return render(c, sb, id, { values, fieldError: { field: 'expiry', message: 'Enter the expiry date as MM / YY.' } }, 400);
      if (!values.name) return render(c, sb, id, { values, fieldError: { field: 'name', message: 'Enter the name on the card.' } }, 400);
      if (values.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email!)) {
        return render(c, sb, id, { values, fieldError: { field: 'email', message: 'Enter a valid email address.' } }, 400);
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
      if (!wallet) return render(c, sb, id, { values, alert: 'Choose Apple Pay, Google Pay or PayPal.' }, 400);
      if (values.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email!)) {
        return render(c, sb, id, { values, fieldError: { field: 'email', message: 'Enter a valid email address.' } }, 400);
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
      const body = html`
<h1>PayPal</h1>
<p>Approve the payment of <strong>${money(session.amount_total ?? 0, session.currency!)}</strong> to Stitchhouse with your PayPal account.</p>
<p class="hint" id="paypal-hint">This is the sandbox's stand-in for PayPal's page: approve, or cancel and go back to the payment page.</p>
<form method="post" action="/checkout/${id}/paypal" aria-describedby="paypal-hint">
<input type="hidden" name="country" value="${country}">
<input type="hidden" name="email" value="${email}">
<div class="actions">
<button class="primary" type="submit" name="outcome" value="approve" autofocus>Approve and pay</button>
<button class="secondary" type="submit" name="outcome" value="cancel">Cancel and return</button>
</div>
</form>`;
      return page(c, { title: 'PayPal · Stitchhouse sandbox', body, redirectsTo: [session.success_url, session.cancel_url] });
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
      const body = html`
<h1>3-D Secure authentication</h1>
<p>Your bank asks you to confirm the payment of <strong>${money(waiting.intent.amount, waiting.intent.currency)}</strong> to Stitchhouse.</p>
<p class="hint" id="test-hint">This is the sandbox's stand-in for the bank's page: choose whether the authentication succeeds.</p>
<form method="post" action="/checkout/${id}/authenticate" aria-describedby="test-hint">
<div class="actions">
<button class="primary" type="submit" name="outcome" value="complete" autofocus>Complete authentication</button>
<button class="danger" type="submit" name="outcome" value="fail">Fail authentication</button>
</div>
</form>`;
      return page(c, {
        title: '3-D Secure authentication · Stitchhouse sandbox',
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
