-- Reports (issue #12), second part: the partners' reports (resellers' commissions from
-- 20261123004000_resellers.sql, suppliers' kit clicks from 20261123004100_supplier_kits.sql,
-- in-shop royalties with the point-of-sale currencies of 20261123004200_point_of_sale.sql), and
-- the store reports reading order lines by index.
--
-- Why the store reports change (bench/reports, a store with 1,000,000 lines): `store_id in (select
-- my_store_ids())` is a semi-join the planner estimates at 1,000 stores, so a month scanned all of
-- order_items; the caller's store ids as one array (`= any (array(...))`, an init plan) make
-- (store_id, sold_at) an index range instead. Even so, aggregating a month's 85,000 lines took
-- 0.4–2 s, so the sales report now reads a daily roll-up (report_sales_daily) kept by trigger.

-- ───────────── Store reports by index ─────────────
create or replace view public.report_sales_lines with (security_invoker = true) as
select i.id as order_item_id, i.order_number, i.sold_at, i.store_id, i.pattern_id,
       coalesce(i.title, '') as title, i.kind, i.quantity, i.currency,
       i.unit_price_cents * i.quantity - i.discount_cents as gross_cents,
       i.discount_cents, i.vat_cents, i.platform_fee_cents as fee_cents,
       i.unit_price_cents * i.quantity - i.discount_cents - i.vat_cents - i.platform_fee_cents as net_cents,
       i.refunded_at
  from public.order_items i
 where i.sold_at is not null and i.store_id = any (array(select public.my_store_ids()));

-- The sales report reads a daily roll-up kept by trigger: a month of a store with a million
-- lines is 31 rows, not 85,000 (bench/reports). One row per store, UTC day and currency; what a
-- line sold counts on its sale day, what it refunded on its refund day (as report_sales did).
create table public.report_sales_daily (
  store_id uuid not null references public.stores (id) on delete cascade,
  day date not null,
  currency text not null,
  lines bigint not null default 0,
  units bigint not null default 0,
  gross_cents bigint not null default 0,
  discount_cents bigint not null default 0,
  vat_cents bigint not null default 0,
  fee_cents bigint not null default 0,
  refunds_cents bigint not null default 0,
  refunded_net_cents bigint not null default 0,
  primary key (store_id, day, currency)
);
alter table public.report_sales_daily enable row level security;
revoke all on public.report_sales_daily from anon, authenticated;
grant select on public.report_sales_daily to authenticated;
create policy report_sales_daily_read on public.report_sales_daily for select to authenticated
  using (store_id in (select public.my_store_ids()) or (select public.is_operator()));

-- One line's part of the roll-up, with sign +1 (it counts) or -1 (it no longer counts as it was).
create or replace function public.report_sales_daily_add(p public.order_items, p_sign integer) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p.sold_at is null then return; end if;
  insert into public.report_sales_daily as d (store_id, day, currency, lines, units, gross_cents, discount_cents, vat_cents, fee_cents)
  values (p.store_id, (p.sold_at at time zone 'UTC')::date, p.currency, p_sign, p_sign * p.quantity,
          p_sign * (p.unit_price_cents * p.quantity - p.discount_cents), p_sign * p.discount_cents, p_sign * p.vat_cents, p_sign * p.platform_fee_cents)
  on conflict (store_id, day, currency) do update
    set lines = d.lines + excluded.lines, units = d.units + excluded.units, gross_cents = d.gross_cents + excluded.gross_cents,
        discount_cents = d.discount_cents + excluded.discount_cents, vat_cents = d.vat_cents + excluded.vat_cents,
        fee_cents = d.fee_cents + excluded.fee_cents;
  if p.refunded_at is not null then
    insert into public.report_sales_daily as d (store_id, day, currency, refunds_cents, refunded_net_cents)
    values (p.store_id, (p.refunded_at at time zone 'UTC')::date, p.currency, p_sign * (p.unit_price_cents * p.quantity - p.discount_cents),
            p_sign * (p.unit_price_cents * p.quantity - p.discount_cents - p.vat_cents - p.platform_fee_cents))
    on conflict (store_id, day, currency) do update
      set refunds_cents = d.refunds_cents + excluded.refunds_cents, refunded_net_cents = d.refunded_net_cents + excluded.refunded_net_cents;
  end if;
end $$;

create or replace function public.report_sales_daily_apply() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then perform public.report_sales_daily_add(old, -1); end if;
  if tg_op in ('INSERT', 'UPDATE') then perform public.report_sales_daily_add(new, 1); end if;
  return null;
end $$;
create trigger order_items_report_sales_daily
  after insert or delete or update of sold_at, refunded_at, store_id, currency, quantity, unit_price_cents, discount_cents, vat_cents, platform_fee_cents
  on public.order_items for each row execute function public.report_sales_daily_apply();
revoke execute on function public.report_sales_daily_add(public.order_items, integer), public.report_sales_daily_apply() from public, anon, authenticated;

insert into public.report_sales_daily (store_id, day, currency, lines, units, gross_cents, discount_cents, vat_cents, fee_cents)
select i.store_id, (i.sold_at at time zone 'UTC')::date, i.currency, count(*), sum(i.quantity), sum(i.unit_price_cents * i.quantity - i.discount_cents),
       sum(i.discount_cents), sum(i.vat_cents), sum(i.platform_fee_cents)
  from public.order_items i where i.sold_at is not null group by 1, 2, 3;
insert into public.report_sales_daily as d (store_id, day, currency, refunds_cents, refunded_net_cents)
select i.store_id, (i.refunded_at at time zone 'UTC')::date, i.currency, sum(i.unit_price_cents * i.quantity - i.discount_cents),
       sum(i.unit_price_cents * i.quantity - i.discount_cents - i.vat_cents - i.platform_fee_cents)
  from public.order_items i where i.sold_at is not null and i.refunded_at is not null group by 1, 2, 3
on conflict (store_id, day, currency) do update
  set refunds_cents = d.refunds_cents + excluded.refunds_cents, refunded_net_cents = d.refunded_net_cents + excluded.refunded_net_cents;

-- Order lines (not distinct orders: a roll-up cannot count those) replace the orders column.
drop function public.report_sales(date, date);
create function public.report_sales(p_from date, p_to date)
returns table (day date, currency text, lines bigint, units bigint, gross_cents bigint, discount_cents bigint,
               vat_cents bigint, fee_cents bigint, refunds_cents bigint, net_cents bigint)
language plpgsql stable security invoker set search_path = '' as $$
begin
  perform public.report_window(p_from, p_to);  -- refuses a bad range in words
  return query
  select d.day, d.currency, sum(d.lines)::bigint, sum(d.units)::bigint, sum(d.gross_cents)::bigint, sum(d.discount_cents)::bigint,
         sum(d.vat_cents)::bigint, sum(d.fee_cents)::bigint, sum(d.refunds_cents)::bigint,
         sum(d.gross_cents - d.vat_cents - d.fee_cents - d.refunded_net_cents)::bigint
    from public.report_sales_daily d
   where d.store_id = any (array(select public.my_store_ids())) and d.day between p_from and p_to
   group by 1, 2
  having sum(d.lines) <> 0 or sum(d.refunds_cents) <> 0
   order by 1, 2;
end $$;
revoke execute on function public.report_sales(date, date) from public, anon;
grant execute on function public.report_sales(date, date) to authenticated;

create or replace function public.report_pattern_performance(p_from date, p_to date)
returns table (pattern_id uuid, title text, currency text, views bigint, orders bigint, units bigint,
               conversion numeric, gross_cents bigint, net_cents bigint)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to)),
  mine as (select p.id, p.title, p.currency from public.patterns p where p.store_id = any (array(select public.my_store_ids()))),
  seen as (
    select v.pattern_id, sum(v.views) as views from public.pattern_views v
     where v.pattern_id in (select id from mine) and v.day between p_from and p_to group by 1),
  sold as (
    select i.pattern_id, i.currency, count(distinct i.order_id) as orders, sum(i.quantity) as units,
           sum(i.unit_price_cents * i.quantity - i.discount_cents) as gross,
           sum(i.unit_price_cents * i.quantity - i.discount_cents - i.vat_cents - i.platform_fee_cents) as net
      from public.order_items i
     where i.store_id = any (array(select public.my_store_ids()))
       and i.sold_at >= (select starts from w) and i.sold_at < (select ends from w)
     group by 1, 2)
  select m.id, m.title, coalesce(s.currency, m.currency), coalesce(v.views, 0), coalesce(s.orders, 0), coalesce(s.units, 0),
         case when coalesce(v.views, 0) > 0 then round(coalesce(s.orders, 0)::numeric / v.views, 4) end,
         coalesce(s.gross, 0), coalesce(s.net, 0)
    from mine m left join seen v on v.pattern_id = m.id left join sold s on s.pattern_id = m.id
   order by coalesce(s.gross, 0) desc, m.title
$$;

create or replace function public.report_wholesale(p_from date, p_to date)
returns table (day date, pattern_id uuid, title text, currency text, orders bigint, copies bigint,
               gross_cents bigint, net_cents bigint)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to))
  select (i.sold_at at time zone 'UTC')::date, i.pattern_id, max(coalesce(i.title, '')), i.currency,
         count(distinct i.order_id), sum(i.quantity),
         sum(i.unit_price_cents * i.quantity - i.discount_cents),
         sum(i.unit_price_cents * i.quantity - i.discount_cents - i.vat_cents - i.platform_fee_cents)
    from public.order_items i
   where i.store_id = any (array(select public.my_store_ids())) and i.kind = 'wholesale_print'
     and i.sold_at >= (select starts from w) and i.sold_at < (select ends from w)
   group by 1, 2, 4
   order by 1, 3
$$;

-- ───────────── In-shop sales: royalties owed in the pattern's currency ─────────────
-- The shop may sell in another currency than the pattern's; royalties are owed in
-- royalty_currency (point of sale), split into the platform's share and the designer's.
drop function public.report_in_shop_sales(date, date);
create function public.report_in_shop_sales(p_from date, p_to date)
returns table (day date, pattern_id uuid, title text, shop text, currency text, copies bigint,
               royalty_cents bigint, platform_fee_cents bigint, designer_share_cents bigint)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to))
  select (s.sold_at at time zone 'UTC')::date, s.pattern_id, p.title, st.name, s.royalty_currency,
         sum(s.quantity), sum(s.royalty_cents), sum(s.royalty_fee_cents), sum(s.royalty_cents - s.royalty_fee_cents)
    from public.pos_sales s join public.patterns p on p.id = s.pattern_id
    join public.stores st on st.id = s.store_id, w
   where p.store_id = any (array(select public.my_store_ids())) and s.sold_at >= w.starts and s.sold_at < w.ends
   group by 1, 2, 3, 4, 5
   order by 1, 3, 4
$$;

-- ───────────── Resellers: commissions ─────────────
-- reseller_commissions computes each line's total with order_item_total(), and a view's
-- functions run with the caller's EXECUTE rights: a signed-in reseller needs it (a pure
-- function of the row they may already read).
grant execute on function public.order_item_total(public.order_items) to authenticated;
-- reseller_commissions already keeps to the caller (or operators); a reseller's report is their own.
create or replace function public.report_commissions(p_from date, p_to date)
returns table (day date, currency text, status text, lines bigint, net_sale_cents bigint, commission_cents bigint)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to))
  select (c.created_at at time zone 'UTC')::date, c.currency, c.status, count(*), sum(c.net_sale_cents), sum(c.commission_cents)
    from public.reseller_commissions c, w
   where c.reseller_id = (select auth.uid()) and c.created_at >= w.starts and c.created_at < w.ends
   group by 1, 2, 3
   order by 1, 2, 3
$$;

-- ───────────── Suppliers: kit clicks ─────────────
create or replace function public.report_kit_clicks(p_from date, p_to date)
returns table (kit_id uuid, title text, pattern text, clicks bigint, first_click_on date, last_click_on date)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.report_window(p_from, p_to))
  select k.id, k.title, coalesce(p.title, ''), count(c.kit_id),
         (min(c.clicked_at) at time zone 'UTC')::date, (max(c.clicked_at) at time zone 'UTC')::date
    from public.kits k
    left join public.patterns p on p.id = k.pattern_id
    cross join w
    left join public.kit_clicks c on c.kit_id = k.id and c.clicked_at >= w.starts and c.clicked_at < w.ends
   where k.supplier_id = (select auth.uid())
   group by k.id, k.title, p.title
   order by 4 desc, 2
$$;

revoke execute on function public.report_in_shop_sales(date, date), public.report_commissions(date, date),
  public.report_kit_clicks(date, date) from public, anon;
grant execute on function public.report_in_shop_sales(date, date), public.report_commissions(date, date),
  public.report_kit_clicks(date, date) to authenticated;

insert into public.reports (slug, title, description, audience, sort_order) values
  ('commissions', 'Commissions', 'Sales through your referral links and code, and the commission each earned: held, paid or reversed.', 'reseller', 90),
  ('kit-clicks', 'Kit clicks', 'How often visitors clicked through from a pattern page to each of your kits.', 'supplier', 100)
on conflict (slug) do nothing;

update public.reports set description = 'Printed copies of your patterns sold in shops through the point-of-sale integration, and the royalties they owe you.'
 where slug = 'in-shop-sales';
