// The mails a store owner gets about their Pro plan, sent by the webhook after the event is applied:
// a renewal payment failed (what, when Stripe tries again, how to update the card), and the plan
// ended (the store is on Free again, why, how to come back). Each is claimed once in the database
// (claim_billing_notice, keyed by the invoice or the subscription) and given back if the mail
// fails, so Stripe's redeliveries and out-of-order events send every notice exactly once.
import type { I18n } from '@lingui/core';
import { serviceClient } from './clients.ts';
import { mailI18n, memberLocale } from './i18n.ts';
import { escapeHtml, sendMail } from './mail.ts';
import { siteUrl } from './env.ts';
import type { Stripe } from './stripe.ts';
import { formatDay, formatMoney, type Currency } from '@stitchhouse/shared/money.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

interface Notice {
  key: string;
  storeId: string;
  kind: 'payment_failed' | 'plan_ended';
  mail: (storeName: string, i18n: I18n) => { subject: string; text: string; html: string };
}

type SubscriptionFacts = Pick<Stripe.Subscription, 'id' | 'status' | 'metadata' | 'cancellation_details'>;

const paragraphs = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n');

function paymentFailed(invoice: Stripe.Invoice, storeId: string): Notice {
  const link = siteLink(siteUrl(), '/payment/subscription');
  return {
    key: `payment_failed:${invoice.id}`,
    storeId,
    kind: 'payment_failed',
    mail: (store, i18n) => {
      const amount = formatMoney(invoice.amount_due, invoice.currency.toUpperCase() as Currency, i18n.locale);
      const next = invoice.next_payment_attempt ? formatDay(new Date(invoice.next_payment_attempt * 1000).toISOString(), i18n.locale) : null;
      const lines = [
        i18n._('email.billing.chargeFailed', { amount, store }),
        next ? i18n._('email.billing.retryOn', { date: next, store }) : i18n._('email.billing.noRetries', { store }),
        i18n._('email.billing.updateCard', { link }),
      ];
      return { subject: i18n._('email.billing.failedSubject', { store }), text: lines.join('\n\n'), html: paragraphs(lines) };
    },
  };
}

function planEnded(sub: SubscriptionFacts, storeId: string): Notice {
  const failed = sub.status === 'unpaid' || sub.cancellation_details?.reason === 'payment_failed';
  const link = siteLink(siteUrl(), '/payment/subscription');
  return {
    key: `plan_ended:${sub.id}`,
    storeId,
    kind: 'plan_ended',
    mail: (store, i18n) => {
      const lines = [
        failed ? i18n._('email.billing.endedUnpaid', { store }) : i18n._('email.billing.endedAsked', { store }),
        i18n._('email.billing.onFree', { store }),
        i18n._('email.billing.comeBack', { link }),
      ];
      return { subject: i18n._('email.billing.endedSubject', { store }), text: lines.join('\n\n'), html: paragraphs(lines) };
    },
  };
}

/** The notices an applied event calls for (none for most events). */
async function noticesFor(event: Stripe.Event, facts: Record<string, unknown>): Promise<Notice[]> {
  const sub = facts.subscription as SubscriptionFacts | undefined;
  const storeId = sub?.metadata?.store_id;
  if (!sub || !storeId) return [];
  const notices: Notice[] = [];
  if (event.type === 'invoice.payment_failed') {
    const invoice = event.data.object as Stripe.Invoice;
    if (invoice.billing_reason !== 'subscription_create') notices.push(paymentFailed(invoice, storeId));
  }
  if (sub.status === 'canceled' || sub.status === 'unpaid') {
    const { data, error } = await serviceClient().from('stores').select('plan').eq('id', storeId).maybeSingle();
    if (error) throw error;
    if (data?.plan === 'free') notices.push(planEnded(sub, storeId));
  }
  return notices;
}

/** Sends the event's notices not sent yet; throws when a mail fails (the webhook answers 500 and Stripe retries). */
export async function sendBillingNotices(event: Stripe.Event, facts: Record<string, unknown>): Promise<void> {
  const db = serviceClient();
  for (const notice of await noticesFor(event, facts)) {
    const { data, error } = await db.rpc('claim_billing_notice', { p_key: notice.key, p_store: notice.storeId, p_kind: notice.kind });
    if (error) throw error;
    const claim = data as { claimed: boolean; email?: string; store_name?: string };
    if (!claim.claimed || !claim.email) continue;
    try {
      const { data: store } = await db.from('stores').select('owner_id').eq('id', notice.storeId).maybeSingle();
      const i18n = mailI18n(await memberLocale(db, store?.owner_id));
      await sendMail({ to: claim.email, ...notice.mail(claim.store_name ?? i18n._('email.billing.yourStore'), i18n) });
    } catch (err) {
      await db.rpc('release_billing_notice', { p_key: notice.key });
      throw err;
    }
  }
}
