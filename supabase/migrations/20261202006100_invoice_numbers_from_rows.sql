-- Invoice and credit-note numbers come from the documents themselves (issue 33): the next of a
-- series is its highest + 1, taken under a transaction-scoped advisory lock, so one issuer at a
-- time and a rollback takes the row, and with it the number, back: gap-free as before. Replaces
-- 20261202006000's counter table, whose two fixed rows nobody (not even the service role) should
-- insert or delete, and which the row-level-security matrix cannot walk as a table of data.
create or replace function public.next_invoice_number(p_kind text) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform pg_advisory_xact_lock(hashtext('public.invoices:' || p_kind));
  return (select coalesce(max(d.number), 0) + 1 from public.invoices d where d.kind = p_kind);
end $$;
revoke execute on function public.next_invoice_number(text) from public, anon, authenticated, service_role;

create or replace function public.issue_invoice_documents() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_number bigint;
  v_before integer := case when tg_op = 'UPDATE' then old.amount_refunded_cents else 0 end;
  v_amount integer;
  v_items uuid[];
  v_items_gross integer;
  v_items_vat integer;
begin
  if new.status in ('paid', 'partially_refunded', 'refunded') and new.paid_at is not null
     and not exists (select 1 from public.invoices d where d.order_id = new.id and d.kind = 'invoice') then
    v_number := public.next_invoice_number('invoice');
    insert into public.invoices (kind, number, order_id, issued_at, currency, gross_cents, vat_cents)
    values ('invoice', v_number, new.id, new.paid_at, new.currency, new.total_cents, new.vat_cents);
  end if;
  if new.amount_refunded_cents > v_before then
    v_amount := new.amount_refunded_cents - v_before;
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
            v_items, tg_op = 'UPDATE');
  end if;
  return null;
end $$;

revoke execute on function public.issue_invoice_documents() from public, anon, authenticated;

drop table public.invoice_series;
