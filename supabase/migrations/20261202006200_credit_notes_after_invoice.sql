-- A credit note only for an invoiced order, for what is refunded beyond the credit notes it already
-- has (issue 33). 20261202006000 compared amount_refunded_cents before and after each update, so
-- an order inserted with a refunded amount (the demo seed writes it while the order is pending,
-- then marks it paid and refunded) got a credit note before its invoice, or none. Now: the
-- invoice first, then, whenever refunded exceeds credited, one credit note for the difference with
-- the lines refunded since the last one.
create or replace function public.issue_invoice_documents() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_number bigint;
  v_credited integer;
  v_amount integer;
  v_items uuid[];
  v_items_gross integer;
  v_items_vat integer;
begin
  if new.status not in ('paid', 'partially_refunded', 'refunded') or new.paid_at is null then
    return null;
  end if;
  if not exists (select 1 from public.invoices d where d.order_id = new.id and d.kind = 'invoice') then
    v_number := public.next_invoice_number('invoice');
    insert into public.invoices (kind, number, order_id, issued_at, currency, gross_cents, vat_cents)
    values ('invoice', v_number, new.id, new.paid_at, new.currency, new.total_cents, new.vat_cents);
  end if;
  select coalesce(sum(c.gross_cents), 0) into v_credited from public.invoices c where c.order_id = new.id and c.kind = 'credit_note';
  if new.amount_refunded_cents > v_credited then
    v_amount := new.amount_refunded_cents - v_credited;
    select coalesce(array_agg(i.id order by i.id), '{}'), coalesce(sum(public.order_item_total(i)), 0), coalesce(sum(i.vat_cents), 0)
      into v_items, v_items_gross, v_items_vat
      from public.order_items i
     where i.order_id = new.id and i.refunded_at is not null
       and not exists (select 1 from public.invoices c where c.order_id = new.id and c.kind = 'credit_note' and i.id = any (c.order_item_ids));
    v_number := public.next_invoice_number('credit_note');
    insert into public.invoices (kind, number, order_id, currency, gross_cents, vat_cents, order_item_ids, notice_due)
    values ('credit_note', v_number, new.id, new.currency, v_amount,
            -- the lines' own VAT when the refund is exactly those lines, else the VAT the amount contains
            -- (gross × rate / (1 + rate), half up: shared/src/pricing.ts vatIncluded)
            case when v_items_gross = v_amount then v_items_vat
                 else ((v_amount::bigint * new.vat_rate_bp * 2 + 10000 + new.vat_rate_bp) / (2 * (10000 + new.vat_rate_bp)))::integer end,
            -- the buyer's refund email is due for refunds the webhook applies (an update of a paid order)
            v_items, tg_op = 'UPDATE' and old.status in ('paid', 'partially_refunded'));
  end if;
  return null;
end $$;
revoke execute on function public.issue_invoice_documents() from public, anon, authenticated;
