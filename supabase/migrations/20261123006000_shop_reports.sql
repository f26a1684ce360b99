-- Shop reports (issue #12, browser QA): a retail shop had no report of its own sales. The in-shop
-- report now gives each caller both sides of the point-of-sale rows (pos_sales RLS already lets a
-- shop read its own rows and a designer the rows of their patterns):
--   side 'designer': copies of the caller's patterns sold in shops, the royalties owed to them;
--   side 'shop':     copies sold in the caller's shops, the takings (sale currency) and the
--                    royalties the shop owes (royalty currency), per pattern and designer.
-- And the /reports list shows a store owner only the reports that fit their stores' kinds: a
-- retailer sells printed copies in its shop, not PDFs online, so the online-sales reports (sales,
-- pattern performance, downloads, customers, payouts, wholesale) are for designer and supplier
-- stores; in-shop sales is for every store.

-- ───────────── Which store kinds a store report is for (null: every store) ─────────────
alter table public.reports add column store_kinds text[]
  constraint reports_store_kinds_valid check (store_kinds <@ array['designer', 'retailer', 'supplier']);
update public.reports set store_kinds = array['designer', 'supplier']
 where slug in ('sales', 'pattern-performance', 'downloads', 'customers', 'payouts', 'wholesale');
update public.reports set description = 'Printed patterns sold in shops: copies of your patterns sold in shops and the royalties owed to you, and your shop''s own sales, takings and the royalties it owes.'
 where slug = 'in-shop-sales';

drop policy reports_read on public.reports;
create policy reports_read on public.reports for select to authenticated
  using ((audience = 'store' and exists (select 1 from public.stores s
                                          where s.id in (select public.my_store_ids())
                                            and (store_kinds is null or s.kind = any (store_kinds))))
         or (audience = 'reseller' and (select public.has_role('reseller')))
         or (audience = 'supplier' and (select public.has_role('supplier')))
         or (audience = 'operator' and (select public.is_operator())));

-- ───────────── In-shop sales, both sides ─────────────
drop function public.report_in_shop_sales(date, date);
create function public.report_in_shop_sales(p_from date, p_to date)
returns table (day date, side text, pattern_id uuid, title text, designer text, shop text, currency text, copies bigint,
               royalty_cents bigint, platform_fee_cents bigint, designer_share_cents bigint,
               takings_currency text, takings_cents bigint)
language sql stable security invoker set search_path = '' as $$
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
         case when s.side = 'shop' then sum(s.unit_price_cents::bigint * s.quantity) end
    from sold s
    left join public.patterns p on p.id = s.pattern_id
    left join public.stores d on d.id = p.store_id
    join public.stores st on st.id = s.store_id
   group by 1, 2, 3, 4, 5, 6, 7, 12
   order by 1, 2, 4, 6
$$;
revoke execute on function public.report_in_shop_sales(date, date) from public, anon;
grant execute on function public.report_in_shop_sales(date, date) to authenticated;
