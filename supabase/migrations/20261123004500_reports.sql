-- Reports (issue #12): the numbers behind /reports/{slug}, computed here and read as the caller.
-- Every report function is SECURITY INVOKER: row-level security decides which rows it sees, and
-- each store report also keeps to the caller's own stores (an operator who owns a store sees
-- that store's figures there, not the marketplace's). Days are UTC calendar days; p_to is
-- inclusive. Money is in minor units per currency (never summed across currencies).

-- ───────────── Who may see which report ─────────────
alter table public.reports drop constraint reports_audience_valid;
alter table public.reports add constraint reports_audience_valid
  check (audience in ('store', 'operator', 'reseller', 'supplier'));

drop policy reports_read on public.reports;
create policy reports_read on public.reports for select to authenticated
  using ((audience = 'store' and exists (select 1 from public.my_store_ids()))
         or (audience = 'reseller' and (select public.has_role('reseller')))
         or (audience = 'supplier' and (select public.has_role('supplier')))
         or (audience = 'operator' and (select public.is_operator())));

-- ───────────── When a line was sold, on the line itself ─────────────
-- A store's figures read order_items only: its RLS is "my stores" (cheap), whereas orders' store
-- policy builds the set of every order of the caller's stores (a million for a big store).
alter table public.order_items
  add column sold_at timestamptz,
  add column order_number bigint;

update public.order_items i set sold_at = o.paid_at, order_number = o.number
  from public.orders o where o.id = i.order_id and o.paid_at is not null;

create or replace function public.order_items_copy_sale() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  select o.paid_at, o.number into new.sold_at, new.order_number from public.orders o where o.id = new.order_id;
  return new;
end $$;
create trigger order_items_copy_sale before insert on public.order_items
  for each row execute function public.order_items_copy_sale();

create or replace function public.orders_copy_sale() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.order_items i set sold_at = new.paid_at, order_number = new.number
   where i.order_id = new.id and i.sold_at is distinct from new.paid_at;
  return null;
end $$;
create trigger orders_copy_sale after insert or update of paid_at on public.orders
  for each row when (new.paid_at is not null) execute function public.orders_copy_sale();
revoke execute on function public.order_items_copy_sale(), public.orders_copy_sale() from public, anon, authenticated;

create index order_items_store_sold_idx on public.order_items (store_id, sold_at, id) where sold_at is not null;
create index order_items_store_refunded_idx on public.order_items (store_id, refunded_at) where refunded_at is not null;

-- ───────────── Pattern views (counted per pattern and UTC day) ─────────────
create table public.pattern_views (
  pattern_id uuid not null references public.patterns (id) on delete cascade,
  day date not null,
  views integer not null default 0 constraint pattern_views_nonnegative check (views >= 0),
  primary key (pattern_id, day)
);
alter table public.pattern_views enable row level security;
revoke all on public.pattern_views from anon, authenticated;
grant select on public.pattern_views to authenticated;
create policy pattern_views_read on public.pattern_views for select to authenticated
  using (pattern_id in (select public.my_pattern_ids()) or (select public.is_operator()));

-- One opened pattern page. Anyone may call it; only published patterns count, and a designer
-- looking at their own pattern does not.
create or replace function public.record_pattern_view(pattern_id uuid) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.pattern_views as v (pattern_id, day, views)
  select p.id, (now() at time zone 'UTC')::date, 1
    from public.patterns p
   where p.id = record_pattern_view.pattern_id and p.status = 'published'
     and not exists (select 1 from public.stores s where s.id = p.store_id and s.owner_id = (select auth.uid()))
  on conflict on constraint pattern_views_pkey do update set views = v.views + 1
$$;
revoke execute on function public.record_pattern_view(uuid) from public;
grant execute on function public.record_pattern_view(uuid) to anon, authenticated;

-- ───────────── Helpers ─────────────
-- The half-open UTC interval of a report's days; refuses an upside-down or absurd range.
create or replace function public.report_window(p_from date, p_to date, out starts timestamptz, out ends timestamptz)
language plpgsql immutable set search_path = '' as $$
begin
  if p_from is null or p_to is null then
    raise exception 'A report needs a start and an end date.' using errcode = '22023';
  end if;
  if p_to < p_from then
    raise exception 'The end date (%) is before the start date (%).', p_to, p_from using errcode = '22023';
  end if;
  if p_to - p_from > 3660 then
    raise exception 'A report covers at most ten years.' using errcode = '22023';
  end if;
  starts := p_from::timestamp at time zone 'UTC';
  ends := (p_to + 1)::timestamp at time zone 'UTC';
end $$;

-- A buyer's address is shown to a seller only when the buyer opted in to hearing from the
-- marketplace (profiles.newsletter_opt_in) and bought from one of the caller's stores.
create or replace function public.buyer_shares_email(p_buyer uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select pr.newsletter_opt_in from public.profiles pr where pr.id = p_buyer), false)
     and exists (select 1 from public.orders o join public.order_items i on i.order_id = o.id
                  where o.buyer_id = p_buyer and i.store_id in (select public.my_store_ids()))
$$;
revoke execute on function public.buyer_shares_email(uuid) from public, anon;

-- ───────────── Sales: gross, discounts, VAT, fees, refunds, net ─────────────
-- One row per order line the caller's stores sold (paid), for the table and the CSV export.
-- net = what the designer keeps: line total − VAT − platform fee (refunds are counted on the day
-- they happen, in report_sales).
create view public.report_sales_lines with (security_invoker = true) as
select i.id as order_item_id, i.order_number, i.sold_at, i.store_id, i.pattern_id,
       coalesce(i.title, '') as title, i.kind, i.quantity, i.currency,
       i.unit_price_cents * i.quantity - i.discount_cents as gross_cents,
       i.discount_cents, i.vat_cents, i.platform_fee_cents as fee_cents,
       i.unit_price_cents * i.quantity - i.discount_cents - i.vat_cents - i.platform_fee_cents as net_cents,
       i.refunded_at
  from public.order_items i
 where i.sold_at is not null and i.store_id in (select public.my_store_ids());
grant select on public.report_sales_lines to authenticated;

create or replace function public.report_sales(p_from date, p_to date)
returns table (day date, currency text, orders bigint, units bigint, gross_cents bigint, discount_cents bigint,
               vat_cents bigint, fee_cents bigint, refunds_cents bigint, net_cents bigint)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to)),
  mine as (select s.id from public.my_store_ids() s(id)),
  sold as (
    select (i.sold_at at time zone 'UTC')::date as day, i.currency,
           count(distinct i.order_id) as orders, sum(i.quantity) as units,
           sum(i.unit_price_cents * i.quantity - i.discount_cents) as gross, sum(i.discount_cents) as discount,
           sum(i.vat_cents) as vat, sum(i.platform_fee_cents) as fee
      from public.order_items i, w
     where i.store_id in (select id from mine) and i.sold_at >= w.starts and i.sold_at < w.ends
     group by 1, 2),
  refunded as (
    select (i.refunded_at at time zone 'UTC')::date as day, i.currency,
           sum(i.unit_price_cents * i.quantity - i.discount_cents) as refunds,
           sum(i.unit_price_cents * i.quantity - i.discount_cents - i.vat_cents - i.platform_fee_cents) as refunded_net
      from public.order_items i, w
     where i.store_id in (select id from mine) and i.refunded_at >= w.starts and i.refunded_at < w.ends
       and i.sold_at is not null
     group by 1, 2)
  select coalesce(s.day, r.day), coalesce(s.currency, r.currency),
         coalesce(s.orders, 0), coalesce(s.units, 0), coalesce(s.gross, 0), coalesce(s.discount, 0),
         coalesce(s.vat, 0), coalesce(s.fee, 0), coalesce(r.refunds, 0),
         coalesce(s.gross - s.vat - s.fee, 0) - coalesce(r.refunded_net, 0)
    from sold s full join refunded r on r.day = s.day and r.currency = s.currency
   order by 1, 2
$$;

-- ───────────── Pattern performance: views, orders, conversion, revenue ─────────────
create or replace function public.report_pattern_performance(p_from date, p_to date)
returns table (pattern_id uuid, title text, currency text, views bigint, orders bigint, units bigint,
               conversion numeric, gross_cents bigint, net_cents bigint)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to)),
  mine as (select p.id, p.title, p.currency from public.patterns p where p.store_id in (select public.my_store_ids())),
  seen as (
    select v.pattern_id, sum(v.views) as views from public.pattern_views v
     where v.pattern_id in (select id from mine) and v.day between p_from and p_to group by 1),
  sold as (
    select i.pattern_id, i.currency, count(distinct i.order_id) as orders, sum(i.quantity) as units,
           sum(i.unit_price_cents * i.quantity - i.discount_cents) as gross,
           sum(i.unit_price_cents * i.quantity - i.discount_cents - i.vat_cents - i.platform_fee_cents) as net
      from public.order_items i, w
     where i.store_id in (select public.my_store_ids()) and i.sold_at >= w.starts and i.sold_at < w.ends
     group by 1, 2)
  select m.id, m.title, coalesce(s.currency, m.currency), coalesce(v.views, 0), coalesce(s.orders, 0), coalesce(s.units, 0),
         case when coalesce(v.views, 0) > 0 then round(coalesce(s.orders, 0)::numeric / v.views, 4) end,
         coalesce(s.gross, 0), coalesce(s.net, 0)
    from mine m left join seen v on v.pattern_id = m.id left join sold s on s.pattern_id = m.id
   order by coalesce(s.gross, 0) desc, m.title
$$;

-- ───────────── Downloads per pattern and format ─────────────
create or replace function public.report_downloads(p_from date, p_to date)
returns table (pattern_id uuid, title text, format text, downloads bigint, buyers bigint)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to))
  select d.pattern_id, p.title, d.format, count(*), count(distinct d.user_id)
    from public.downloads d join public.patterns p on p.id = d.pattern_id, w
   where p.store_id in (select public.my_store_ids()) and d.created_at >= w.starts and d.created_at < w.ends
   group by 1, 2, 3
   order by 4 desc, 2, 3
$$;

-- ───────────── Customers: new versus returning ─────────────
-- A buyer is new in the period when their first purchase from the caller's stores falls in it.
-- The email only for buyers who opted in; everyone else is a stable pseudonym.
create or replace function public.report_customers(p_from date, p_to date)
returns table (customer text, email text, kind text, currency text, orders bigint, gross_cents bigint,
               first_purchase_on date, last_purchase_on date)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to)),
  lines as (
    select o.buyer_id, o.buyer_email, i.order_id, i.currency, i.sold_at,
           i.unit_price_cents * i.quantity - i.discount_cents as gross
      from public.order_items i join public.orders o on o.id = i.order_id
     where i.store_id in (select public.my_store_ids()) and i.sold_at is not null and o.buyer_id is not null),
  firsts as (select l.buyer_id, min(l.sold_at) as first_at from lines l group by 1),
  inside as (
    select l.buyer_id, max(l.buyer_email) as buyer_email, l.currency, count(distinct l.order_id) as orders, sum(l.gross) as gross,
           max(l.sold_at) as last_at
      from lines l, w where l.sold_at >= w.starts and l.sold_at < w.ends group by 1, 3)
  select 'Buyer ' || upper(substr(md5(i.buyer_id::text), 1, 6)),
         case when public.buyer_shares_email(i.buyer_id) then i.buyer_email end,
         case when f.first_at >= w.starts then 'new' else 'returning' end,
         i.currency, i.orders, i.gross,
         (f.first_at at time zone 'UTC')::date, (i.last_at at time zone 'UTC')::date
    from inside i join firsts f on f.buyer_id = i.buyer_id, w
   order by i.gross desc, 1
$$;

-- ───────────── Payouts and transfers ─────────────
create or replace function public.report_payouts(p_from date, p_to date)
returns table (day date, currency text, status text, transfers bigint, amount_cents bigint, reversed_cents bigint)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to))
  select (t.created_at at time zone 'UTC')::date, t.currency, t.status, count(*), sum(t.amount_cents),
         sum(t.reversed_cents + t.reversal_due_cents)
    from public.payout_transfers t, w
   where t.recipient_id = (select auth.uid()) and t.created_at >= w.starts and t.created_at < w.ends
   group by 1, 2, 3
   order by 1, 2, 3
$$;

-- ───────────── Wholesale: printed copies ordered by shops ─────────────
create or replace function public.report_wholesale(p_from date, p_to date)
returns table (day date, pattern_id uuid, title text, currency text, orders bigint, copies bigint,
               gross_cents bigint, net_cents bigint)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to))
  select (i.sold_at at time zone 'UTC')::date, i.pattern_id, max(coalesce(i.title, '')), i.currency,
         count(distinct i.order_id), sum(i.quantity),
         sum(i.unit_price_cents * i.quantity - i.discount_cents),
         sum(i.unit_price_cents * i.quantity - i.discount_cents - i.vat_cents - i.platform_fee_cents)
    from public.order_items i, w
   where i.store_id in (select public.my_store_ids()) and i.kind = 'wholesale_print'
     and i.sold_at >= w.starts and i.sold_at < w.ends
   group by 1, 2, 4
   order by 1, 3
$$;

-- ───────────── In-shop sales of my patterns, and royalties owed ─────────────
create or replace function public.report_in_shop_sales(p_from date, p_to date)
returns table (day date, pattern_id uuid, title text, shop text, currency text, copies bigint,
               sales_cents bigint, royalty_cents bigint)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to))
  select (s.sold_at at time zone 'UTC')::date, s.pattern_id, p.title, st.name, s.currency,
         sum(s.quantity), sum(s.quantity * s.unit_price_cents), sum(s.royalty_cents)
    from public.pos_sales s join public.patterns p on p.id = s.pattern_id
    join public.stores st on st.id = s.store_id, w
   where p.store_id in (select public.my_store_ids()) and s.sold_at >= w.starts and s.sold_at < w.ends
   group by 1, 2, 3, 4, 5
   order by 1, 3, 4
$$;

-- ───────────── Platform totals (operators) ─────────────
-- GMV = what buyers paid (VAT included) for lines sold that day; take = platform fees.
create or replace function public.report_platform_totals(p_from date, p_to date)
returns table (day date, currency text, orders bigint, gmv_cents bigint, take_cents bigint, refunds_cents bigint,
               active_stores bigint)
language plpgsql stable security invoker set search_path = '' as $$
declare
  w record;
begin
  if not public.is_operator() then
    raise exception 'Platform totals are for operators.' using errcode = '42501';
  end if;
  select * into w from public.report_window(p_from, p_to);
  return query
  with sold as (
    select (i.sold_at at time zone 'UTC')::date as d, i.currency as c, count(distinct i.order_id) as n,
           sum(i.unit_price_cents * i.quantity - i.discount_cents) as gmv, sum(i.platform_fee_cents) as take,
           count(distinct i.store_id) as stores
      from public.order_items i where i.sold_at >= w.starts and i.sold_at < w.ends group by 1, 2),
  refunded as (
    select (i.refunded_at at time zone 'UTC')::date as d, i.currency as c,
           sum(i.unit_price_cents * i.quantity - i.discount_cents) as refunds
      from public.order_items i where i.refunded_at >= w.starts and i.refunded_at < w.ends and i.sold_at is not null
     group by 1, 2)
  select coalesce(s.d, r.d), coalesce(s.c, r.c), coalesce(s.n, 0), coalesce(s.gmv, 0)::bigint,
         coalesce(s.take, 0)::bigint, coalesce(r.refunds, 0)::bigint, coalesce(s.stores, 0)
    from sold s full join refunded r on r.d = s.d and r.c = s.c
   order by 1, 2;
end $$;

-- Period counts that do not add up by day: distinct stores with a sale, new stores, sign-ups.
create or replace function public.report_platform_people(p_from date, p_to date)
returns table (active_stores bigint, new_stores bigint, sign_ups bigint)
language plpgsql stable security invoker set search_path = '' as $$
declare
  w record;
begin
  if not public.is_operator() then
    raise exception 'Platform totals are for operators.' using errcode = '42501';
  end if;
  select * into w from public.report_window(p_from, p_to);
  return query select
    (select count(distinct i.store_id) from public.order_items i where i.sold_at >= w.starts and i.sold_at < w.ends),
    (select count(*) from public.stores s where s.created_at >= w.starts and s.created_at < w.ends),
    (select count(*) from public.profiles p where p.created_at >= w.starts and p.created_at < w.ends);
end $$;

do $$
declare
  f text;
begin
  foreach f in array array['report_sales', 'report_pattern_performance', 'report_downloads', 'report_customers', 'report_payouts',
                           'report_wholesale', 'report_in_shop_sales', 'report_platform_totals', 'report_platform_people'] loop
    execute format('revoke execute on function public.%I(date, date) from public, anon', f);
    execute format('grant execute on function public.%I(date, date) to authenticated', f);
  end loop;
end $$;
revoke execute on function public.report_window(date, date) from public, anon;
grant execute on function public.report_window(date, date) to authenticated;

-- The renamed list: payouts covers transfers too.
update public.reports set title = 'Payouts and transfers',
       description = 'What you earned per transfer, held or paid to your account, and what refunds pulled back.'
 where slug = 'payouts';
