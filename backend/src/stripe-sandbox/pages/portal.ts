// Billing portal: /billing/:bps — the customer's subscriptions; switch among the prices of the
// same plan family (monthly ↔ yearly), cancel at period end or resume, replace the card,
// "Return to Stitchhouse". Each action is a form POST that redirects back with a notice.
import type Stripe from 'stripe';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { SandboxCore } from '../core.ts';
import { attachable, cardBehaviour, checkCardFields, parseExpiry } from '../cards.ts';
import { getCustomer } from '../api/customers.ts';
import { getSubscription, periodEnd, saveSubscriptionChange, switchablePrices, updateSubscription, withCancelAtPeriodEnd } from '../api/billing.ts';
import type { Tx } from '../store.ts';
import { cardFields, money, page, type Markup } from './layout.ts';

const notices: Record<string, string> = {
  plan: 'Your plan was changed.',
  cancel: 'Your subscription will end at the end of the current period.',
  resume: 'Your subscription will continue.',
  card: 'Your card was updated.',
};

function date(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

async function loadPortal(t: Tx, id: string) {
  const found = await t.get<Stripe.BillingPortal.Session>(id);
  if (!found || found.type !== 'billing_portal.session') return undefined;
  const customer = await getCustomer(t, found.data.customer);
  const subs = await t.find<Stripe.Subscription>('subscription', `data->>'customer' = $2 and data->>'status' <> 'canceled'`, [customer.id]);
  const withPrices = await Promise.all(
    subs.map(async (s) => ({
      subscription: s.data,
      product: (await t.get<Stripe.Product>(s.data.items.data[0]!.price.product as string))?.data,
      options: await switchablePrices(t, s.data),
    })),
  );
  const card = customer.internal.card as { number: string } | undefined;
  return { session: found.data, customer: customer.data, subscriptions: withPrices, cardLast4: card?.number.replace(/\D/g, '').slice(-4) };
}

type Portal = NonNullable<Awaited<ReturnType<typeof loadPortal>>>;

function subscriptionSection(portal: Portal, entry: Portal['subscriptions'][number]): Markup {
  const { subscription: s, product, options } = entry;
  const price = s.items.data[0]!.price;
  const base = `/billing/${portal.session.id}/subscriptions/${s.id}`;
  const name = product?.name ?? 'Subscription';
  return html`<section aria-labelledby="${s.id}-title">
<h2 id="${s.id}-title">${name}</h2>
<dl>
<dt>Price</dt><dd>${money(price.unit_amount ?? 0, price.currency)} per ${price.recurring?.interval ?? 'period'}</dd>
<dt>Status</dt><dd>${s.status === 'past_due' ? 'Payment overdue' : s.cancel_at_period_end ? `Cancels on ${date(periodEnd(s))}` : `Renews on ${date(periodEnd(s))}`}</dd>
</dl>
${
  options.length > 1
    ? html`<form method="post" action="${base}/price">
<fieldset><legend>Change plan</legend>
${options.map(
  (o) => html`<div><input type="radio" id="${s.id}-${o.id}" name="price" value="${o.id}"${o.id === price.id ? html` checked` : ''}>
<label for="${s.id}-${o.id}" class="inline-label">${money(o.unit_amount ?? 0, o.currency)} per ${o.recurring?.interval}${o.nickname ? ` (${o.nickname})` : ''}${o.id === price.id ? ' — current plan' : ''}</label></div>`,
)}
</fieldset>
<div class="actions"><button class="primary" type="submit">Update plan</button></div>
</form>`
    : ''
}
<form method="post" action="${base}/${s.cancel_at_period_end ? 'resume' : 'cancel'}">
<div class="actions">${
    s.cancel_at_period_end
      ? html`<button class="secondary" type="submit">Don't cancel — keep my plan</button>`
      : html`<button class="danger" type="submit">Cancel plan at period end</button>`
  }</div>
</form>
</section>`;
}

async function render(
  c: Context,
  sb: SandboxCore,
  id: string,
  state: { notice?: string; cardError?: { field: string; message: string }; values?: Record<string, string> } = {},
  status = 200,
): Promise<Response> {
  const portal = await sb.tx((t) => loadPortal(t, id));
  if (!portal)
    return page(c, {
      title: 'Billing portal not found · Stitchhouse sandbox',
      status: 404,
      body: html`<h1>Billing portal not found</h1><p>This link is not valid.</p>`,
    });
  const body = html`
<h1>Manage your Stitchhouse plan</h1>
${state.notice ? html`<div class="notice" role="status" tabindex="-1" autofocus>${state.notice}</div>` : ''}
${state.cardError ? html`<div class="alert" role="alert">Your card was not updated: ${state.cardError.message}</div>` : ''}
<p>Signed in as <strong>${portal.customer.email ?? portal.customer.id}</strong>.</p>
${portal.subscriptions.length ? portal.subscriptions.map((entry) => subscriptionSection(portal, entry)) : html`<p>You have no active subscription.</p>`}
<section aria-labelledby="card-title">
<h2 id="card-title">Payment method</h2>
<p>${portal.cardLast4 ? `Card ending in ${portal.cardLast4}` : 'No card on file.'}</p>
<form method="post" action="/billing/${portal.session.id}/card" novalidate>
${cardFields(state.values ?? {}, state.cardError)}
<div class="actions"><button class="secondary" type="submit">Update card</button></div>
</form>
</section>
${portal.session.return_url ? html`<p class="actions"><a class="button primary" href="${portal.session.return_url}">Return to Stitchhouse</a></p>` : ''}`;
  return page(c, { title: `${state.cardError ? 'Error: ' : ''}Billing · Stitchhouse sandbox`, body, status, redirectsTo: [portal.session.return_url] });
}

export function portalPages(sb: SandboxCore): Hono {
  const app = new Hono();
  app.get('/:id', (c) => render(c, sb, c.req.param('id'), { notice: notices[c.req.query('notice') ?? ''] }));

  /** Runs a change to one of this portal customer's subscriptions, then shows the portal again. */
  const subscriptionAction =
    (notice: string, change: (t: Tx, sub: Stripe.Subscription, form: Record<string, unknown>) => Promise<void>) => async (c: Context) => {
      const id = c.req.param('id')!;
      const subId = c.req.param('sub')!;
      const form = await c.req.parseBody();
      const ok = await sb.tx(async (t) => {
        const portal = await t.get<Stripe.BillingPortal.Session>(id);
        const sub = await t.get<Stripe.Subscription>(subId);
        if (!portal || !sub || sub.type !== 'subscription' || sub.data.customer !== portal.data.customer || sub.data.status === 'canceled') return false;
        await change(t, sub.data, form);
        return true;
      });
      if (!ok) return render(c, sb, id, { notice: 'That subscription cannot be changed here.' }, 404);
      return c.redirect(`/billing/${id}?notice=${notice}`, 303);
    };
  app.post(
    '/:id/subscriptions/:sub/price',
    subscriptionAction('plan', async (t, sub, form) => {
      const price = typeof form.price === 'string' ? form.price : '';
      const allowed = await switchablePrices(t, sub);
      if (!allowed.some((p) => p.id === price) || price === sub.items.data[0]!.price.id) return;
      await updateSubscription(sb, t, sub.id, { items: [{ id: sub.items.data[0]!.id, price }], proration_behavior: 'create_prorations' });
    }),
  );
  app.post(
    '/:id/subscriptions/:sub/cancel',
    subscriptionAction('cancel', async (t, sub) => {
      const current = (await getSubscription(t, sub.id, true)).data;
      await saveSubscriptionChange(sb, t, current, withCancelAtPeriodEnd(current, true, t.now));
    }),
  );
  app.post(
    '/:id/subscriptions/:sub/resume',
    subscriptionAction('resume', async (t, sub) => {
      const current = (await getSubscription(t, sub.id, true)).data;
      await saveSubscriptionChange(sb, t, current, withCancelAtPeriodEnd(current, false, t.now));
    }),
  );
  app.post('/:id/card', async (c) => {
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const values = Object.fromEntries(['number', 'expiry', 'cvc', 'name'].map((k) => [k, typeof form[k] === 'string' ? (form[k] as string).trim() : '']));
    const expiry = parseExpiry(values.expiry!);
    if (!expiry) return render(c, sb, id, { values, cardError: { field: 'expiry', message: 'Enter the expiry date as MM / YY.' } }, 400);
    const card = { number: values.number!, exp_month: expiry.month, exp_year: expiry.year, cvc: values.cvc!, name: values.name };
    const problem = checkCardFields(card, sb.now());
    if (problem) return render(c, sb, id, { values, cardError: { field: problem.field, message: problem.message } }, 400);
    const behaviour = cardBehaviour(card.number);
    if (behaviour.kind === 'declined' && !attachable(card.number))
      return render(c, sb, id, { values: { ...values, cvc: '' }, cardError: { field: 'number', message: behaviour.decline.message } }, 402);
    const ok = await sb.tx(async (t) => {
      const portal = await t.get<Stripe.BillingPortal.Session>(id);
      if (!portal || portal.type !== 'billing_portal.session') return false;
      const customer = await getCustomer(t, portal.data.customer, 'customer', true);
      await t.update(customer.data, { ...customer.internal, card });
      return true;
    });
    if (!ok) return render(c, sb, id, {}, 404);
    return c.redirect(`/billing/${id}?notice=card`, 303);
  });
  return app;
}
