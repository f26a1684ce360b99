-- What a store owner sees of other people (issue #31, items 3, 4, 7 and 13).
--
--  3. Stores no longer read `orders` (the row holds the buyer's id and email, of unpaid checkouts
--     too). A store reads its own order lines (order_items, unchanged) and, for its sales list,
--     rpc/store_sales: order number, status, dates, the buyer's country and the store's own lines,
--     the buyer's address only when the customers report shows it (buyer_shares_email: opted in),
--     never a buyer id. Pseudonyms ("Buyer 3F9A1C") are a keyed hash of (store owner, buyer) with a
--     secret in private.settings, which no API role can read: not md5(buyer_id), not computable by
--     anyone who knows a buyer id, and different for each owner (two stores cannot link buyers).
--  4. Nobody decides their own wholesale application, by rpc/review_wholesale_application or by a
--     direct UPDATE (the same trigger partner applications have).
--  7. The shop named on a wholesale application is one of the applicant's own stores, on insert
--     and on update (the applicant's update policy lacked it).
-- 13. A designer no longer reads the shops' pos_sales rows (selling price, till key, receipt id):
--     their in-shop report (security definer, the caller's stores only) shows copies, royalties
--     and the shop's name, as before; the shop reads its own rows.
-- Report functions that now run as definer check the second factor themselves (require_mfa(),
-- 20261201001000), as row-level security did for them when they ran as the caller.

-- ───────────── 3. Orders: a store sees its lines, not its buyers ─────────────
drop policy orders_read_store on public.orders;
drop function public.my_store_order_ids();

-- Server-side secrets: only the owner of the schema (the migrations' role) reads them; no API role
-- (anon, authenticated, service_role) has usage on the schema, and it is not exposed by PostgREST.
create schema if not exists private;
revoke all on schema private from public;
create table if not exists private.settings (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
alter table private.settings enable row level security;
revoke all on table private.settings from public;
-- 256 bits from three v4 UUIDs (pg_strong_random), hashed: no pgcrypto needed (see 20261122008000).
insert into private.settings (name, value)
values ('buyer_pseudonym_key', encode(pg_catalog.sha256(pg_catalog.convert_to(
          gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'))
on conflict (name) do nothing;

-- "Buyer XXXXXX" for one store owner: the first 24 bits of sha256(key : owner : buyer).
create or replace function private.buyer_pseudonym(p_owner uuid, p_buyer uuid) returns text
language sql stable set search_path = '' as $$
  select 'Buyer ' || upper(substr(encode(pg_catalog.sha256(pg_catalog.convert_to(
           s.value || ':' || p_owner::text || ':' || p_buyer::text, 'UTF8')), 'hex'), 1, 6))
    from private.settings s
   where s.name = 'buyer_pseudonym_key' and p_owner is not null and p_buyer is not null
$$;
revoke all on function private.buyer_pseudonym(uuid, uuid) from public;

-- The caller's recent sales, line by line with their order's public part (newest first, paid,
-- partially refunded or refunded orders): what the payments hub lists and refunds from.
create or replace function public.store_sales(p_limit integer default 50)
returns table (order_item_id uuid, order_id uuid, order_number bigint, order_status text, ordered_at timestamptz,
               paid_at timestamptz, buyer_country text, customer text, buyer_email text,
               store_id uuid, pattern_id uuid, kind text, title text, quantity integer, unit_price_cents integer,
               currency text, discount_cents integer, vat_cents integer, refunded_at timestamptz, refund_requested_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  perform public.require_mfa();
  return query
  select i.id, o.id, o.number, o.status, o.created_at, o.paid_at, o.buyer_country,
         private.buyer_pseudonym(auth.uid(), o.buyer_id),
         case when public.buyer_shares_email(o.buyer_id) then o.buyer_email end,
         i.store_id, i.pattern_id, i.kind, i.title, i.quantity, i.unit_price_cents, i.currency,
         i.discount_cents, i.vat_cents, i.refunded_at, i.refund_requested_at
    from public.order_items i
    join public.orders o on o.id = i.order_id
   where i.store_id = any (array(select public.my_store_ids()))
     and o.status in ('paid', 'partially_refunded', 'refunded')
   order by i.created_at desc, i.id
   limit least(greatest(coalesce(p_limit, 50), 1), 200);
end $$;
revoke execute on function public.store_sales(integer) from public, anon;
grant execute on function public.store_sales(integer) to authenticated;

-- Customers: as before (20261123004500), the pseudonym keyed, read as definer (stores no longer
-- read orders), still the caller's stores only.
create or replace function public.report_customers(p_from date, p_to date)
returns table (customer text, email text, kind text, currency text, orders bigint, gross_cents bigint,
               first_purchase_on date, last_purchase_on date)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  perform public.require_mfa();
  return query
  with w as (select * from public.report_window(p_from, p_to)),
  lines as (
    select o.buyer_id, o.buyer_email, i.order_id, i.currency, i.sold_at,
           i.unit_price_cents * i.quantity - i.discount_cents as gross
      from public.order_items i join public.orders o on o.id = i.order_id
     where i.store_id = any (array(select public.my_store_ids())) and i.sold_at is not null and o.buyer_id is not null),
  firsts as (select l.buyer_id, min(l.sold_at) as first_at from lines l group by 1),
  inside as (
    select l.buyer_id, max(l.buyer_email) as buyer_email, l.currency, count(distinct l.order_id) as n, sum(l.gross) as gross,
           max(l.sold_at) as last_at
      from lines l, w where l.sold_at >= w.starts and l.sold_at < w.ends group by 1, 3)
  select private.buyer_pseudonym(auth.uid(), i.buyer_id),
         case when public.buyer_shares_email(i.buyer_id) then i.buyer_email end,
         case when f.first_at >= w.starts then 'new' else 'returning' end,
         i.currency, i.n, i.gross::bigint,
         (f.first_at at time zone 'UTC')::date, (i.last_at at time zone 'UTC')::date
    from inside i join firsts f on f.buyer_id = i.buyer_id, w
   order by i.gross desc, 1;
end $$;
revoke execute on function public.report_customers(date, date) from public, anon;
grant execute on function public.report_customers(date, date) to authenticated;

-- ───────────── 4. Nobody decides their own wholesale application ─────────────
-- guard_partner_application (20261123004000) refuses a status change to approved/rejected made by
-- the applicant themselves; the same rule, on the table the review RPC and the operators' update
-- policy write. Both paths answer 42501 "You cannot review your own application".
create trigger wholesale_accounts_guard before insert or update on public.wholesale_accounts
  for each row execute function public.guard_partner_application();

-- ───────────── 7. The shop on an application is the applicant's own ─────────────
create or replace function public.guard_wholesale_store() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.store_id is not null
     and (tg_op = 'INSERT' or new.store_id is distinct from old.store_id or new.user_id is distinct from old.user_id)
     and not exists (select 1 from public.stores s where s.id = new.store_id and s.owner_id = new.user_id) then
    raise exception 'The shop on a wholesale application must be one of the applicant''s own stores'
      using errcode = '42501', hint = 'Choose one of your own stores, or leave the shop empty.';
  end if;
  return new;
end $$;
revoke execute on function public.guard_wholesale_store() from public, anon, authenticated;
create trigger wholesale_accounts_store_guard before insert or update on public.wholesale_accounts
  for each row execute function public.guard_wholesale_store();

drop policy wholesale_accounts_applicant_update on public.wholesale_accounts;
create policy wholesale_accounts_applicant_update on public.wholesale_accounts for update to authenticated
  using (user_id = (select auth.uid()) and status in ('pending', 'rejected'))
  with check (user_id = (select auth.uid()) and status = 'pending'
              and (store_id is null or store_id in (select public.my_store_ids())));

-- ───────────── 13. A designer sees of pos_sales what their report shows ─────────────
drop policy pos_sales_read on public.pos_sales;
create policy pos_sales_read on public.pos_sales for select to authenticated
  using (store_id in (select public.my_store_ids()) or (select public.is_operator()));

-- In-shop sales, both sides (20261123006000), now as definer: the designer's side reads the
-- shops' rows the designer may no longer read, and gives only copies, royalties and the shop.
create or replace function public.report_in_shop_sales(p_from date, p_to date)
returns table (day date, side text, pattern_id uuid, title text, designer text, shop text, currency text, copies bigint,
               royalty_cents bigint, platform_fee_cents bigint, designer_share_cents bigint,
               takings_currency text, takings_cents bigint)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  perform public.require_mfa();
  return query
  with w as (select * from public.report_window(p_from, p_to)),
  mine as (select array(select public.my_store_ids()) as ids),
  sold as (
    -- a row can be on both sides (a designer selling their own pattern in their own shop)
    select s.*, 'designer'::text as side from public.pos_sales s join public.patterns p on p.id = s.pattern_id, mine, w
     where p.store_id = any (mine.ids) and s.sold_at >= w.starts and s.sold_at < w.ends
    union all
    select s.*, 'shop'::text from public.pos_sales s, mine, w
     where s.store_id = any (mine.ids) and s.sold_at >= w.starts and s.sold_at < w.ends)
  select (s.sold_at at time zone 'UTC')::date, s.side, s.pattern_id, coalesce(p.title, ''), coalesce(d.name, ''), st.name,
         s.royalty_currency, sum(s.quantity)::bigint, sum(s.royalty_cents)::bigint, sum(s.royalty_fee_cents)::bigint,
         sum(s.royalty_cents - s.royalty_fee_cents)::bigint,
         -- the takings are the shop's business: only on its own side
         case when s.side = 'shop' then s.currency end,
         case when s.side = 'shop' then sum(s.unit_price_cents::bigint * s.quantity)::bigint end
    from sold s
    left join public.patterns p on p.id = s.pattern_id
    left join public.stores d on d.id = p.store_id
    join public.stores st on st.id = s.store_id
   group by 1, 2, 3, 4, 5, 6, 7, 12
   order by 1, 2, 4, 6;
end $$;
revoke execute on function public.report_in_shop_sales(date, date) from public, anon;
grant execute on function public.report_in_shop_sales(date, date) to authenticated;
