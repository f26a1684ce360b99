// The mails a store owner gets about their Pro plan, sent by the webhook after the event is applied:
// a renewal payment failed (what, when Stripe tries again, how to update the card), and the plan
// ended (the store is on Free again, why, how to come back). Each is claimed once in the database
// (claim_billing_notice, keyed by the invoice or the subscription) and given back if the mail
// fails, so Stripe's redeliveries and out-of-order events send every notice exactly once.
import { serviceClient } from './clients.ts';
import { escapeHtml, sendMail } from './mail.ts';
import { siteUrl } from './env.ts';
import type { Stripe } from './stripe.ts';
import { formatDay, formatMoney, type Currency } from '@stitchhouse/shared/money.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

interface Notice {
  key: string;
  storeId: string;
  kind: 'payment_failed' | 'plan_ended';
  mail: (storeName: string) => { subject: string; text: string; html: string };
}

type SubscriptionFacts = Pick<Stripe.Subscription, 'id' | 'status' | 'metadata' | 'cancellation_details'>;

const paragraphs = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n');

function paymentFailed(invoice: Stripe.Invoice, storeId: string): Notice {
  const amount = formatMoney(invoice.amount_due, invoice.currency.toUpperCase() as Currency);
  const next = invoice.next_payment_attempt ? formatDay(new Date(invoice.next_payment_attempt * 1000).toISOString()) : null;
  const link = siteLink(siteUrl(), '/payment/subscription');
  return {
    key: `payment_failed:${invoice.id}`,
    storeId,
    kind: 'payment_failed',
    mail: (store) => {
      const lines = [
        `We could not charge your card ${amount} for the Pro plan of ${store}.`,
        next
          ? `We will try again on ${next}, and a few more times over the next two weeks. If every try fails, ${store} moves to the Free plan.`
          : `There are no more automatic tries: unless the payment goes through, ${store} moves to the Free plan.`,
        `To keep Pro, update your card: open ${link} and choose Manage billing, then Update card.`,
      ];
      return { subject: `${store}: the payment for your Pro plan failed`, text: lines.join('\n\n'), html: paragraphs(lines) };
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
    mail: (store) => {
      const lines = [
        failed
          ? `Your Pro plan for ${store} has ended: the payments for it failed, also after Stripe's retries.`
          : `Your Pro plan for ${store} has ended, as you asked.`,
        `${store} is on the Free plan from now on: your patterns stay for sale, at the Free plan's fees.`,
        `To go back to Pro, subscribe again at ${link}.`,
      ];
      return { subject: `${store} is on the Free plan again`, text: lines.join('\n\n'), html: paragraphs(lines) };
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
      await sendMail({ to: claim.email, ...notice.mail(claim.store_name ?? 'Your store') });
    } catch (err) {
      await db.rpc('release_billing_notice', { p_key: notice.key });
      throw err;
    }
  }
}
