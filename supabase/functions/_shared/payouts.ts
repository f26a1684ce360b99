// What follows a committed webhook effect and talks to Stripe: transfers of held designer
// shares once the recipient's account has payouts enabled, reversals of refunded lines, and the
// buyer's receipt. Every step is idempotent (Stripe idempotency keys, row claims), so it can run
// after each delivery, duplicates included, and catches up whatever a crash left undone.
import type { SupabaseClient } from '@supabase/supabase-js';
import { serviceClient } from './clients.ts';
import { sendMail } from './mail.ts';
import { memberLocale } from './i18n.ts';
import { receiptEmail, type ReceiptOrder } from './receipt.ts';
import { siteUrl } from './env.ts';
import { stripe, type Stripe } from './stripe.ts';

interface TransferRow {
  id: string;
  order_id: string;
  order_item_id: string;
  recipient_id: string | null;
  amount_cents: number;
  currency: string;
  status: string;
  provider_transfer_id: string | null;
  reversal_due_cents: number;
  reversed_cents: number;
}

/** Sends held transfers whose recipient can now receive money. */
export async function releaseHeld(filter: { recipientId?: string; orderId?: string }, db: SupabaseClient = serviceClient()): Promise<number> {
  let query = db
    .from('payout_transfers')
    .select('id, order_id, order_item_id, recipient_id, amount_cents, currency, status, provider_transfer_id, reversal_due_cents, reversed_cents')
    .eq('status', 'held')
    .gt('amount_cents', 0)
    .limit(200);
  if (filter.recipientId) query = query.eq('recipient_id', filter.recipientId);
  if (filter.orderId) query = query.eq('order_id', filter.orderId);
  const { data: held, error } = await query;
  if (error) throw error;
  if (!held?.length) return 0;
  const recipients = [...new Set(held.map((t) => t.recipient_id).filter((r): r is string => !!r))];
  const { data: accounts, error: accountError } = await db
    .from('payout_accounts')
    .select('user_id, stripe_account_id')
    .in('user_id', recipients)
    .eq('payouts_enabled', true);
  if (accountError) throw accountError;
  const destination = new Map((accounts ?? []).map((a) => [a.user_id as string, a.stripe_account_id as string]));
  const orderIds = [...new Set(held.map((t) => t.order_id))];
  const { data: orders } = await db.from('orders').select('id, provider_charge_id').in('id', orderIds);
  const charge = new Map((orders ?? []).map((o) => [o.id as string, o.provider_charge_id as string | null]));
  let sent = 0;
  for (const t of held as TransferRow[]) {
    const account = t.recipient_id ? destination.get(t.recipient_id) : undefined;
    if (!account) continue;
    const source = charge.get(t.order_id);
    let transfer: Stripe.Transfer;
    try {
      transfer = await stripe().transfers.create(
        {
          amount: t.amount_cents,
          currency: t.currency.toLowerCase(),
          destination: account,
          transfer_group: t.order_id,
          ...(source ? { source_transaction: source } : {}),
          metadata: { order_id: t.order_id, order_item_id: t.order_item_id, payout_transfer_id: t.id },
        },
        { idempotencyKey: `payout-transfer-${t.id}` },
      );
    } catch (err) {
      // stays held (e.g. the account lost its transfers capability); the next event or status check retries
      console.error(`payout transfer ${t.id} stays held: ${(err as Error).message}`);
      continue;
    }
    const { data: updated, error: updateError } = await db
      .from('payout_transfers')
      .update({ status: 'paid', provider_transfer_id: transfer.id, paid_at: new Date().toISOString() })
      .eq('id', t.id)
      .eq('status', 'held')
      .select('id');
    if (updateError) throw updateError;
    if (updated?.length) {
      sent += 1;
      continue;
    }
    // Not held any more: another delivery recorded this same transfer (same idempotency key), or
    // the line was refunded while the money was on its way — then pull it straight back.
    const { data: now } = await db.from('payout_transfers').select('status, reversed_cents').eq('id', t.id).single();
    if (now?.status === 'reversed' && (now.reversed_cents as number) < t.amount_cents) {
      const reversal = await stripe().transfers.createReversal(transfer.id, { amount: t.amount_cents }, { idempotencyKey: `payout-reversal-${t.id}-all` });
      await db
        .from('payout_transfers')
        .update({ provider_transfer_id: transfer.id, reversed_cents: t.amount_cents, reversal_due_cents: 0, provider_reversal_id: reversal.id })
        .eq('id', t.id);
    }
  }
  return sent;
}

/** Reverses (in Stripe) the paid transfers of refunded lines. */
export async function reverseDue(filter: { orderId?: string }, db: SupabaseClient = serviceClient()): Promise<number> {
  let query = db
    .from('payout_transfers')
    .select('id, order_id, order_item_id, recipient_id, amount_cents, currency, status, provider_transfer_id, reversal_due_cents, reversed_cents')
    .eq('status', 'paid')
    .gt('reversal_due_cents', 0)
    .limit(200);
  if (filter.orderId) query = query.eq('order_id', filter.orderId);
  const { data: due, error } = await query;
  if (error) throw error;
  let reversed = 0;
  for (const t of (due ?? []) as TransferRow[]) {
    if (!t.provider_transfer_id) continue;
    const target = t.reversed_cents + t.reversal_due_cents;
    const reversal = await stripe().transfers.createReversal(
      t.provider_transfer_id,
      { amount: t.reversal_due_cents, metadata: { order_item_id: t.order_item_id } },
      { idempotencyKey: `payout-reversal-${t.id}-${target}` },
    );
    const { error: updateError } = await db
      .from('payout_transfers')
      .update({
        reversed_cents: target,
        reversal_due_cents: 0,
        provider_reversal_id: reversal.id,
        ...(target >= t.amount_cents ? { status: 'reversed', reversed_at: new Date().toISOString() } : {}),
      })
      .eq('id', t.id)
      .eq('reversal_due_cents', t.reversal_due_cents);
    if (updateError) throw updateError;
    reversed += 1;
  }
  return reversed;
}

/** Sends the receipt of a paid order once (claims it first; gives the claim back if the mail fails). */
export async function sendReceipt(orderId: string, db: SupabaseClient = serviceClient()): Promise<boolean> {
  const { data: claimed, error } = await db
    .from('orders')
    .update({ receipt_sent_at: new Date().toISOString() })
    .eq('id', orderId)
    .is('receipt_sent_at', null)
    .in('status', ['paid', 'partially_refunded'])
    .select(
      'id, number, buyer_id, buyer_email, locale, currency, subtotal_cents, discount_cents, vat_cents, vat_rate_bp, total_cents, buyer_country, paid_at, order_items(pattern_id, title, kind, quantity, unit_price_cents, discount_cents, vat_cents), invoices(kind, number)',
    );
  if (error) throw error;
  const order = claimed?.[0] as
    | (Omit<ReceiptOrder, 'invoice_number'> & {
        buyer_id: string | null;
        buyer_email: string | null;
        locale: string | null;
        order_items: ReceiptOrder['items'];
        invoices: { kind: string; number: number }[];
      })
    | undefined;
  if (!order) return false;
  if (!order.buyer_email) return false;
  const invoice_number = order.invoices.find((d) => d.kind === 'invoice')?.number ?? null;
  try {
    const locale = await memberLocale(db, order.buyer_id, order.locale);
    await sendMail({ to: order.buyer_email, ...receiptEmail({ ...order, invoice_number, items: order.order_items }, siteUrl(), locale) });
    return true;
  } catch (err) {
    await db.from('orders').update({ receipt_sent_at: null }).eq('id', orderId);
    throw err;
  }
}
