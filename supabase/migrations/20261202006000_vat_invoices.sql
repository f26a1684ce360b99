-- VAT invoices and credit notes (issue 33). Stitchhouse is the marketplace that collects the VAT
-- on its sales (EU OSS: the buyer's country's rate, prices include VAT), so it issues the invoice:
-- one per paid order, and one credit note per refund applied to it. Numbers are gap-free per
-- series (a counter row updated in the transaction that marks the order paid or refunded: a
-- rollback takes the number back with it), assigned once, never reused. The PDF is drawn by the
-- `invoice` function from order_invoice(), which only the order's buyer may call.

create table public.invoice_series (
  kind text primary key constraint invoice_series_kind_valid check (kind in ('invoice', 'credit_note')),
  last_number bigint not null default 0 constraint invoice_series_nonnegative check (last_number >= 0)
);
insert into public.invoice_series (kind) values ('invoice'), ('credit_note');
alter table public.invoice_series enable row level security;
revoke all on public.invoice_series from anon, authenticated;

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint invoices_kind_valid check (kind in ('invoice', 'credit_note')),
  number bigint not null constraint invoices_number_positive check (number > 0),
  order_id uuid not null references public.orders (id) on delete cascade,
  issued_at timestamptz not null default now(),
  currency text not null constraint invoices_currency_iso check (currency ~ '^[A-Z]{3}$'),
  -- the invoice: the order's total; a credit note: the amount refunded (both VAT included)
  gross_cents integer not null constraint invoices_gross_nonnegative check (gross_cents >= 0),
  vat_cents integer not null constraint invoices_vat_nonnegative check (vat_cents >= 0),
  -- a credit note: the order lines it refunds (empty when the amount covers no whole line)
  order_item_ids uuid[] not null default '{}',
  -- a credit note made by a refund the webhook applied: the buyer's refund email is still to go
  notice_due boolean not null default false,
  notice_sent_at timestamptz,
  constraint invoices_number_once unique (kind, number)
);
create unique index invoices_one_per_order on public.invoices (order_id) where kind = 'invoice';
create index invoices_order_idx on public.invoices (order_id, kind, number);

alter table public.invoices enable row level security;
revoke all on public.invoices from anon, authenticated;
grant select on public.invoices to authenticated;
-- the buyer reads their orders' documents (the /payment list); stores and other buyers read none
create policy invoices_read_buyer on public.invoices for select to authenticated
  using (order_id in (select public.my_order_ids()));
create policy invoices_mfa_read on public.invoices as restrictive for select to authenticated
  using ((select public.mfa_satisfied()));

-- Issues the order's invoice when it is first paid (or inserted paid) and a credit note for each
-- rise of amount_refunded_cents, with the lines refunded since the last one.
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
    update public.invoice_series set last_number = last_number + 1 where kind = 'invoice' returning last_number into v_number;
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
    update public.invoice_series set last_number = last_number + 1 where kind = 'credit_note' returning last_number into v_number;
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

-- no column list (it would pin orders.status's type; the checks above are an index lookup)
create trigger orders_invoice_documents after insert or update on public.orders
  for each row execute function public.issue_invoice_documents();

-- Orders paid or refunded before this migration get theirs too, in the order they were paid.
do $$
declare
  v_order public.orders;
begin
  for v_order in select * from public.orders o
                  where o.status in ('paid', 'partially_refunded', 'refunded') and o.paid_at is not null
                  order by o.paid_at, o.number loop
    update public.invoice_series set last_number = last_number + 1 where kind = 'invoice';
    insert into public.invoices (kind, number, order_id, issued_at, currency, gross_cents, vat_cents)
    select 'invoice', s.last_number, v_order.id, v_order.paid_at, v_order.currency, v_order.total_cents, v_order.vat_cents
      from public.invoice_series s where s.kind = 'invoice';
    if v_order.amount_refunded_cents > 0 then
      update public.invoice_series set last_number = last_number + 1 where kind = 'credit_note';
      insert into public.invoices (kind, number, order_id, issued_at, currency, gross_cents, vat_cents, order_item_ids)
      select 'credit_note', s.last_number, v_order.id, coalesce(v_order.refunded_at, now()), v_order.currency, v_order.amount_refunded_cents,
             ((v_order.amount_refunded_cents::bigint * v_order.vat_rate_bp * 2 + 10000 + v_order.vat_rate_bp) / (2 * (10000 + v_order.vat_rate_bp)))::integer,
             coalesce((select array_agg(i.id order by i.id) from public.order_items i where i.order_id = v_order.id and i.refunded_at is not null), '{}')
        from public.invoice_series s where s.kind = 'credit_note';
    end if;
  end loop;
end $$;

-- Everything one invoice or credit note shows, for the order's buyer only (another buyer, a store
-- or a visitor is answered "not found", as if the order did not exist). p_credit_note: the credit
-- note's number; null for the invoice.
create or replace function public.order_invoice(p_order_id uuid, p_credit_note bigint default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_order public.orders;
  v_doc public.invoices;
  v_invoice public.invoices;
begin
  if v_uid is null then
    raise exception 'Sign in to see your invoices' using errcode = 'PT401';
  end if;
  perform public.require_mfa();
  select * into v_order from public.orders o where o.id = p_order_id and o.buyer_id = v_uid;
  if not found then
    raise exception 'There is no invoice for this order in your account'
      using errcode = 'PT404', hint = 'Invoices are issued to the buyer of a paid order; open it from your purchases on /payment.';
  end if;
  select * into v_invoice from public.invoices d where d.order_id = v_order.id and d.kind = 'invoice';
  if not found then
    raise exception 'Order % has no invoice yet: it is issued once the payment is confirmed', v_order.number using errcode = 'PT404';
  end if;
  if p_credit_note is null then
    v_doc := v_invoice;
  else
    select * into v_doc from public.invoices d where d.order_id = v_order.id and d.kind = 'credit_note' and d.number = p_credit_note;
    if not found then
      raise exception 'Order % has no credit note %', v_order.number, p_credit_note using errcode = 'PT404';
    end if;
  end if;
  return jsonb_build_object(
    'document', jsonb_build_object('kind', v_doc.kind, 'number', v_doc.number, 'issued_at', v_doc.issued_at, 'currency', v_doc.currency,
                                   'gross_cents', v_doc.gross_cents, 'vat_cents', v_doc.vat_cents, 'order_item_ids', to_jsonb(v_doc.order_item_ids)),
    'invoice', jsonb_build_object('number', v_invoice.number, 'issued_at', v_invoice.issued_at),
    'order', jsonb_build_object('id', v_order.id, 'number', v_order.number, 'status', v_order.status, 'paid_at', v_order.paid_at,
                                'currency', v_order.currency, 'vat_rate_bp', v_order.vat_rate_bp, 'buyer_country', v_order.buyer_country,
                                'subtotal_cents', v_order.subtotal_cents, 'discount_cents', v_order.discount_cents, 'vat_cents', v_order.vat_cents,
                                'total_cents', v_order.total_cents, 'amount_refunded_cents', v_order.amount_refunded_cents),
    'buyer', jsonb_build_object('name', (select p.display_name from public.profiles p where p.id = v_uid),
                                'email', coalesce(v_order.buyer_email, (select u.email from auth.users u where u.id = v_uid)),
                                'country', v_order.buyer_country),
    'items', coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'title', i.title, 'kind', i.kind, 'quantity', i.quantity,
                                          'unit_price_cents', i.unit_price_cents, 'discount_cents', i.discount_cents, 'vat_cents', i.vat_cents,
                                          'gross_cents', public.order_item_total(i), 'currency', i.currency, 'store_id', i.store_id,
                                          'refunded_at', i.refunded_at) order by i.created_at, i.id)
                         from public.order_items i where i.order_id = v_order.id), '[]'),
    'sellers', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'kind', s.kind, 'country', s.country,
                                            'address_line1', s.address_line1, 'address_line2', s.address_line2, 'city', s.city,
                                            'postal_code', s.postal_code, 'region', s.region) order by s.name)
                           from public.stores s where s.id in (select i.store_id from public.order_items i where i.order_id = v_order.id)), '[]'),
    'credit_notes', coalesce((select jsonb_agg(jsonb_build_object('number', c.number, 'issued_at', c.issued_at, 'gross_cents', c.gross_cents,
                                                 'vat_cents', c.vat_cents) order by c.number)
                                from public.invoices c where c.order_id = v_order.id and c.kind = 'credit_note'), '[]'));
end $$;
revoke execute on function public.order_invoice(uuid, bigint) from public, anon;
grant execute on function public.order_invoice(uuid, bigint) to authenticated, service_role;

-- The refund emails still to send for an order, claimed once (the webhook's follow-up; a failed
-- send hands the claim back with release_refund_notice so Stripe's retry sends it).
create or replace function public.claim_refund_notices(p_order_id uuid) returns setof public.invoices
language sql volatile security definer set search_path = '' as $$
  update public.invoices set notice_sent_at = now()
   where order_id = p_order_id and kind = 'credit_note' and notice_due and notice_sent_at is null
  returning *
$$;
create or replace function public.release_refund_notice(p_id uuid) returns void
language sql volatile security definer set search_path = '' as $$
  update public.invoices set notice_sent_at = null where id = p_id and kind = 'credit_note'
$$;
revoke execute on function public.claim_refund_notices(uuid), public.release_refund_notice(uuid) from public, anon, authenticated;
grant execute on function public.claim_refund_notices(uuid), public.release_refund_notice(uuid) to service_role;
