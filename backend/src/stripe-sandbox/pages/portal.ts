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
import { cardErrorText, intlLocale, pageLanguage, texts, type Texts } from './texts.ts';
import type { Locale } from '../../../../shared/src/i18n/locales.ts';

type Notice = keyof Texts['notices'];
const isNotice = (value: string | undefined): value is Notice => value === 'plan' || value === 'cancel' || value === 'resume' || value === 'card';

function date(seconds: number, lang: Locale): string {
  return new Date(seconds * 1000).toLocaleDateString(intlLocale(lang), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The portal's language: the session's locale, else (auto, none) the customer's first preferred
 * locale, as Stripe's portal does, else (an unknown link) the browser's.
 */
async function portalLanguage(c: Context, sb: SandboxCore, id: string): Promise<Locale> {
  const locale = await sb.tx(async (t) => {
    const found = await t.get<Stripe.BillingPortal.Session>(id);
    if (found?.type !== 'billing_portal.session') return null;
    if (found.data.locale && found.data.locale !== 'auto') return found.data.locale;
    return (await t.get<Stripe.Customer>(found.data.customer))?.data.preferred_locales?.[0] ?? null;
  });
  return pageLanguage(locale, c.req.header('accept-language'));
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

function subscriptionSection(portal: Portal, entry: Portal['subscriptions'][number], lang: Locale): Markup {
  const t = texts(lang);
  const { subscription: s, product, options } = entry;
  const price = s.items.data[0]!.price;
  const base = `/billing/${portal.session.id}/subscriptions/${s.id}`;
  const name = product?.name ?? t.subscription;
  return html`<section aria-labelledby="${s.id}-title">
<h2 id="${s.id}-title">${name}</h2>
<dl>
<dt>${t.price}</dt><dd>${t.pricePer(money(price.unit_amount ?? 0, price.currency, lang), price.recurring?.interval)}</dd>
<dt>${t.status}</dt><dd>${s.status === 'past_due' ? t.overdue : s.cancel_at_period_end ? t.cancelsOn(date(periodEnd(s), lang)) : t.renewsOn(date(periodEnd(s), lang))}</dd>
</dl>
${
  options.length > 1
    ? html`<form method="post" action="${base}/price">
<fieldset><legend>${t.changePlan}</legend>
${options.map(
  (o) => html`<div><input type="radio" id="${s.id}-${o.id}" name="price" value="${o.id}"${o.id === price.id ? html` checked` : ''}>
<label for="${s.id}-${o.id}" class="inline-label">${t.pricePer(money(o.unit_amount ?? 0, o.currency, lang), o.recurring?.interval)}${o.nickname ? ` (${o.nickname})` : ''}${o.id === price.id ? t.currentPlan : ''}</label></div>`,
)}
</fieldset>
<div class="actions"><button class="primary" type="submit">${t.updatePlan}</button></div>
</form>`
    : ''
}
<form method="post" action="${base}/${s.cancel_at_period_end ? 'resume' : 'cancel'}">
<div class="actions">${
    s.cancel_at_period_end
      ? html`<button class="secondary" type="submit">${t.keepPlan}</button>`
      : html`<button class="danger" type="submit">${t.cancelAtPeriodEnd}</button>`
  }</div>
</form>
</section>`;
}

async function render(
  c: Context,
  sb: SandboxCore,
  id: string,
  state: {
    notice?: Notice | 'cannot_change';
    cardError?: { field: string; message: (t: Texts) => string };
    values?: Record<string, string>;
  } = {},
  status = 200,
): Promise<Response> {
  const lang = await portalLanguage(c, sb, id);
  const t = texts(lang);
  const portal = await sb.tx((tx) => loadPortal(tx, id));
  if (!portal)
    return page(c, {
      title: `${t.portalNotFoundTitle} · ${t.titleSuffix}`,
      status: 404,
      body: html`<h1>${t.portalNotFoundTitle}</h1><p>${t.portalNotFoundText}</p>`,
      lang,
    });
  const notice = state.notice === 'cannot_change' ? t.cannotChange : state.notice ? t.notices[state.notice] : undefined;
  const cardError = state.cardError && {
    field: state.cardError.field,
    message: state.cardError.message(t),
  };
  const body = html`
<h1>${t.portalHeading}</h1>
${notice ? html`<div class="notice" role="status" tabindex="-1" autofocus>${notice}</div>` : ''}
${cardError ? html`<div class="alert" role="alert">${t.cardNotUpdated(cardError.message)}</div>` : ''}
<p>${t.signedInAs(portal.customer.email ?? portal.customer.id)}</p>
${portal.subscriptions.length ? portal.subscriptions.map((entry) => subscriptionSection(portal, entry, lang)) : html`<p>${t.noSubscription}</p>`}
<section aria-labelledby="card-title">
<h2 id="card-title">${t.paymentMethod}</h2>
<p>${portal.cardLast4 ? t.cardEnding(portal.cardLast4) : t.noCard}</p>
<form method="post" action="/billing/${portal.session.id}/card" novalidate>
${cardFields(state.values ?? {}, cardError, t)}
<div class="actions"><button class="secondary" type="submit">${t.updateCard}</button></div>
</form>
</section>
${portal.session.return_url ? html`<p class="actions"><a class="button primary" href="${portal.session.return_url}">${t.returnToStitchhouse}</a></p>` : ''}`;
  return page(c, {
    title: `${cardError ? t.errorPrefix : ''}${t.billingTitle} · ${t.titleSuffix}`,
    body,
    status,
    redirectsTo: [portal.session.return_url],
    lang,
  });
}

export function portalPages(sb: SandboxCore): Hono {
  const app = new Hono();
  app.get('/:id', (c) => {
    const notice = c.req.query('notice');
    return render(c, sb, c.req.param('id'), { notice: isNotice(notice) ? notice : undefined });
  });

  /** Runs a change to one of this portal customer's subscriptions, then shows the portal again. */
  const subscriptionAction =
    (notice: Notice, change: (t: Tx, sub: Stripe.Subscription, form: Record<string, unknown>) => Promise<void>) => async (c: Context) => {
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
      if (!ok) return render(c, sb, id, { notice: 'cannot_change' }, 404);
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
    if (!expiry) return render(c, sb, id, { values, cardError: { field: 'expiry', message: (t) => t.enterExpiry } }, 400);
    const card = { number: values.number!, exp_month: expiry.month, exp_year: expiry.year, cvc: values.cvc!, name: values.name };
    const problem = checkCardFields(card, sb.now());
    if (problem) return render(c, sb, id, { values, cardError: { field: problem.field, message: (t) => cardErrorText(t, problem) } }, 400);
    const behaviour = cardBehaviour(card.number);
    if (behaviour.kind === 'declined' && !attachable(card.number))
      return render(c, sb, id, { values: { ...values, cvc: '' }, cardError: { field: 'number', message: (t) => cardErrorText(t, behaviour.decline) } }, 402);
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
