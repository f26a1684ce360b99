-- The webhook's follow-ups also say whether a refund email is waiting (a credit note whose notice is
-- due and not yet sent), so an event that made none skips claim_refund_notices: one call fewer for
-- nearly every event. apply_payment_event answers with these flags (it calls payment_followups), and
-- a duplicate delivery reads them here, so a crash before the mail still sends it on Stripe's retry.
create or replace function public.payment_followups(p_order_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'receipt_due', exists (select 1 from public.orders o where o.id = p_order_id
                            and o.status in ('paid', 'partially_refunded') and o.receipt_sent_at is null and o.buyer_email is not null),
    'release_due', exists (select 1 from public.payout_transfers t join public.payout_accounts a on a.user_id = t.recipient_id
                            where t.order_id = p_order_id and t.status = 'held' and t.amount_cents > 0 and a.payouts_enabled),
    'reversal_due', exists (select 1 from public.payout_transfers t where t.order_id = p_order_id and t.status = 'paid' and t.reversal_due_cents > 0),
    'refund_notice_due', exists (select 1 from public.invoices i where i.order_id = p_order_id and i.kind = 'credit_note'
                                  and i.notice_due and i.notice_sent_at is null))
$$;
