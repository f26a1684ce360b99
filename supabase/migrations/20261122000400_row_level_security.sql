-- Row-level security on every table. Personas: visitor (anon), maker, designer / store
-- owner, other store owner, wholesale account holder, partner, operator; service_role
-- bypasses RLS (payments, webhooks, seed). Writes a persona may never make are also
-- revoked as privileges, so they fail loudly (42501) instead of touching zero rows.

alter table public.profiles enable row level security;
alter table public.user_roles enable row level security;
alter table public.stores enable row level security;
alter table public.patterns enable row level security;
alter table public.pattern_wholesale_prices enable row level security;
alter table public.pattern_files enable row level security;
alter table public.pattern_versions enable row level security;
alter table public.store_stock enable row level security;
alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.entitlements enable row level security;
alter table public.downloads enable row level security;
alter table public.subscriptions enable row level security;
alter table public.wholesale_accounts enable row level security;
alter table public.partner_applications enable row level security;
alter table public.reports enable row level security;
alter table public.newsletter_subscribers enable row level security;
alter table public.pos_keys enable row level security;
alter table public.pos_sales enable row level security;
alter table public.payment_events enable row level security;

-- Baseline privileges: read for the API roles, writes granted table by table below.
revoke all on all tables in schema public from anon, authenticated;
grant select on all tables in schema public to anon, authenticated;
grant all on all tables in schema public to service_role;
grant usage, select on all sequences in schema public to service_role;

-- The ids a caller can reach through their library, patterns they sell, orders they placed.
create or replace function public.my_entitled_pattern_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select e.pattern_id from public.entitlements e where e.user_id = (select auth.uid()) and e.revoked_at is null
$$;
create or replace function public.my_pattern_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select p.id from public.patterns p join public.stores s on s.id = p.store_id where s.owner_id = (select auth.uid())
$$;
create or replace function public.my_order_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select o.id from public.orders o where o.buyer_id = (select auth.uid())
$$;

-- profiles: your own, and operators for support.
create policy profiles_read_own on public.profiles for select to authenticated
  using (id = (select auth.uid()) or (select public.is_operator()));
grant update (display_name, avatar_path, intent, newsletter_opt_in) on public.profiles to authenticated;
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));
revoke select on public.profiles from anon;

-- user_roles: self-service roles for yourself; operators grant anything but operator.
create policy user_roles_read on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_operator()));
grant insert (user_id, role), delete on public.user_roles to authenticated;
create policy user_roles_self_service_add on public.user_roles for insert to authenticated
  with check ((user_id = (select auth.uid()) and role in ('maker', 'designer', 'retailer'))
              or ((select public.is_operator()) and role <> 'operator'));
create policy user_roles_remove on public.user_roles for delete to authenticated
  using ((user_id = (select auth.uid()) and role in ('maker', 'designer', 'retailer'))
         or ((select public.is_operator()) and role <> 'operator'));
revoke select on public.user_roles from anon;

-- stores: public storefronts; the owner edits, but plan and payouts belong to the payment flow.
alter table public.stores alter column owner_id set default auth.uid();
create policy stores_read_all on public.stores for select to anon, authenticated using (true);
grant insert (owner_id, slug, kind, name, bio, logo_path, banner_path, country, currency,
              address_line1, address_line2, city, postal_code, region) on public.stores to authenticated;
create policy stores_open on public.stores for insert to authenticated
  with check (owner_id = (select auth.uid()) and (kind in ('designer', 'retailer') or (select public.has_role('supplier'))));
grant update (slug, name, bio, logo_path, banner_path, country, currency,
              address_line1, address_line2, city, postal_code, region) on public.stores to authenticated;
create policy stores_owner_update on public.stores for update to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
grant delete on public.stores to authenticated;
create policy stores_owner_delete on public.stores for delete to authenticated
  using (owner_id = (select auth.uid()));

-- patterns: published for everyone; drafts only for their store; archived ones stay in
-- buyers' libraries; operators see everything and can archive.
create policy patterns_read_published on public.patterns for select to anon, authenticated
  using (status = 'published');
create policy patterns_read_own_store on public.patterns for select to authenticated
  using (store_id in (select public.my_store_ids()));
create policy patterns_read_owned on public.patterns for select to authenticated
  using (id in (select public.my_entitled_pattern_ids()));
create policy patterns_read_operator on public.patterns for select to authenticated
  using ((select public.is_operator()));
grant insert, update, delete on public.patterns to authenticated;
create policy patterns_store_create on public.patterns for insert to authenticated
  with check (store_id in (select public.my_store_ids()));
create policy patterns_store_update on public.patterns for update to authenticated
  using (store_id in (select public.my_store_ids())) with check (store_id in (select public.my_store_ids()));
create policy patterns_operator_update on public.patterns for update to authenticated
  using ((select public.is_operator())) with check ((select public.is_operator()));
-- patterns that were ever published are archived, not deleted (buyers keep them)
create policy patterns_store_delete_draft on public.patterns for delete to authenticated
  using (store_id in (select public.my_store_ids()) and status = 'draft');

-- wholesale prices: the store, approved wholesale accounts (published patterns), operators.
revoke select on public.pattern_wholesale_prices from anon;
create policy wholesale_prices_read on public.pattern_wholesale_prices for select to authenticated
  using (store_id in (select public.my_store_ids())
         or (select public.is_operator())
         or ((select public.is_wholesale_buyer())
             and pattern_id in (select p.id from public.patterns p where p.status = 'published')));
grant insert, update, delete on public.pattern_wholesale_prices to authenticated;
create policy wholesale_prices_store_write on public.pattern_wholesale_prices for insert to authenticated
  with check (store_id in (select public.my_store_ids()));
create policy wholesale_prices_store_update on public.pattern_wholesale_prices for update to authenticated
  using (store_id in (select public.my_store_ids())) with check (store_id in (select public.my_store_ids()));
create policy wholesale_prices_store_delete on public.pattern_wholesale_prices for delete to authenticated
  using (store_id in (select public.my_store_ids()));

-- pattern files: the store and entitled buyers (and operators) see the file list.
revoke select on public.pattern_files from anon;
create policy pattern_files_read on public.pattern_files for select to authenticated
  using (store_id in (select public.my_store_ids())
         or pattern_id in (select public.my_entitled_pattern_ids())
         or (select public.is_operator()));
grant insert, update, delete on public.pattern_files to authenticated;
create policy pattern_files_store_insert on public.pattern_files for insert to authenticated
  with check (store_id in (select public.my_store_ids()));
create policy pattern_files_store_update on public.pattern_files for update to authenticated
  using (store_id in (select public.my_store_ids())) with check (store_id in (select public.my_store_ids()));
create policy pattern_files_store_delete on public.pattern_files for delete to authenticated
  using (store_id in (select public.my_store_ids()));

-- version notes: public for published patterns (errata), all for the store.
create policy pattern_versions_read on public.pattern_versions for select to anon, authenticated
  using (pattern_id in (select p.id from public.patterns p where p.status = 'published'));
create policy pattern_versions_read_store on public.pattern_versions for select to authenticated
  using (store_id in (select public.my_store_ids()) or (select public.is_operator()));
grant insert, update, delete on public.pattern_versions to authenticated;
create policy pattern_versions_store_insert on public.pattern_versions for insert to authenticated
  with check (store_id in (select public.my_store_ids()));
create policy pattern_versions_store_update on public.pattern_versions for update to authenticated
  using (store_id in (select public.my_store_ids())) with check (store_id in (select public.my_store_ids()));
create policy pattern_versions_store_delete on public.pattern_versions for delete to authenticated
  using (store_id in (select public.my_store_ids()));

-- shop stock: public; a retail shop manages what it carries (published patterns only).
create policy store_stock_read on public.store_stock for select to anon, authenticated using (true);
grant insert, update, delete on public.store_stock to authenticated;
create policy store_stock_shop_insert on public.store_stock for insert to authenticated
  with check (store_id in (select s.id from public.stores s where s.owner_id = (select auth.uid()) and s.kind = 'retailer')
              and pattern_id in (select p.id from public.patterns p where p.status = 'published'));
create policy store_stock_shop_update on public.store_stock for update to authenticated
  using (store_id in (select public.my_store_ids())) with check (store_id in (select public.my_store_ids()));
create policy store_stock_shop_delete on public.store_stock for delete to authenticated
  using (store_id in (select public.my_store_ids()));

-- orders and items: created and changed only by the payment functions (service role).
revoke select on public.orders, public.order_items from anon;
create policy orders_read_buyer on public.orders for select to authenticated
  using (buyer_id = (select auth.uid()) or (select public.is_operator()));
create policy order_items_read on public.order_items for select to authenticated
  using (order_id in (select public.my_order_ids())
         or store_id in (select public.my_store_ids())
         or (select public.is_operator()));

-- entitlements and downloads: the buyer, the selling store, operators. Written by
-- triggers and RPCs only.
revoke select on public.entitlements, public.downloads from anon;
create policy entitlements_read on public.entitlements for select to authenticated
  using (user_id = (select auth.uid())
         or pattern_id in (select public.my_pattern_ids())
         or (select public.is_operator()));
create policy downloads_read on public.downloads for select to authenticated
  using (user_id = (select auth.uid())
         or pattern_id in (select public.my_pattern_ids())
         or (select public.is_operator()));

-- subscriptions: the store owner reads; the billing webhook writes.
revoke select on public.subscriptions from anon;
create policy subscriptions_read on public.subscriptions for select to authenticated
  using (store_id in (select public.my_store_ids()) or (select public.is_operator()));

-- wholesale accounts: apply and edit while pending (or after a rejection); operators review.
revoke select on public.wholesale_accounts from anon;
create policy wholesale_accounts_read on public.wholesale_accounts for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_operator()));
grant insert (user_id, store_id, business_name, tax_id, address_line1, address_line2, city, postal_code,
              region, country, website) on public.wholesale_accounts to authenticated;
alter table public.wholesale_accounts alter column user_id set default auth.uid();
create policy wholesale_accounts_apply on public.wholesale_accounts for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'pending'
              and (store_id is null or store_id in (select public.my_store_ids())));
grant update (store_id, business_name, tax_id, address_line1, address_line2, city, postal_code,
              region, country, website, status, reason) on public.wholesale_accounts to authenticated;
create policy wholesale_accounts_applicant_update on public.wholesale_accounts for update to authenticated
  using (user_id = (select auth.uid()) and status in ('pending', 'rejected'))
  with check (user_id = (select auth.uid()) and status = 'pending');
create policy wholesale_accounts_operator_review on public.wholesale_accounts for update to authenticated
  using ((select public.is_operator())) with check ((select public.is_operator()));
grant delete on public.wholesale_accounts to authenticated;
create policy wholesale_accounts_withdraw on public.wholesale_accounts for delete to authenticated
  using ((user_id = (select auth.uid()) and status = 'pending') or (select public.is_operator()));

-- partner applications: same shape as wholesale; the public directory is partner_directory().
revoke select on public.partner_applications from anon;
create policy partner_applications_read on public.partner_applications for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_operator()));
alter table public.partner_applications alter column user_id set default auth.uid();
grant insert (user_id, kind, company, website, message) on public.partner_applications to authenticated;
create policy partner_applications_apply on public.partner_applications for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'pending');
grant update (company, website, message, status, reason) on public.partner_applications to authenticated;
create policy partner_applications_applicant_update on public.partner_applications for update to authenticated
  using (user_id = (select auth.uid()) and status in ('pending', 'rejected'))
  with check (user_id = (select auth.uid()) and status = 'pending');
create policy partner_applications_operator_review on public.partner_applications for update to authenticated
  using ((select public.is_operator())) with check ((select public.is_operator()));
grant delete on public.partner_applications to authenticated;
create policy partner_applications_withdraw on public.partner_applications for delete to authenticated
  using ((user_id = (select auth.uid()) and status = 'pending') or (select public.is_operator()));

-- reports: store reports for store owners, platform reports for operators.
revoke select on public.reports from anon;
create policy reports_read on public.reports for select to authenticated
  using ((audience = 'store' and exists (select 1 from public.my_store_ids()))
         or (select public.is_operator()));

-- newsletter: subscribe/confirm/unsubscribe go through the newsletter function (service
-- role) so addresses cannot be enumerated; operators can read the list.
revoke select on public.newsletter_subscribers from anon;
create policy newsletter_read_operator on public.newsletter_subscribers for select to authenticated
  using ((select public.is_operator()));

-- point of sale: keys are created by create_pos_key() (the plain key is shown once);
-- the owner may rename or revoke.
revoke select on public.pos_keys, public.pos_sales from anon;
create policy pos_keys_read on public.pos_keys for select to authenticated
  using (store_id in (select public.my_store_ids()) or (select public.is_operator()));
grant update (name, revoked_at) on public.pos_keys to authenticated;
create policy pos_keys_owner_update on public.pos_keys for update to authenticated
  using (store_id in (select public.my_store_ids())) with check (store_id in (select public.my_store_ids()));
-- sales: the reporting shop and the designer whose pattern sold; shops upload CSV rows.
create policy pos_sales_read on public.pos_sales for select to authenticated
  using (store_id in (select public.my_store_ids())
         or pattern_id in (select public.my_pattern_ids())
         or (select public.is_operator()));
grant insert (store_id, pattern_id, quantity, unit_price_cents, royalty_cents, currency, source, external_id, sold_at)
  on public.pos_sales to authenticated;
create policy pos_sales_shop_csv on public.pos_sales for insert to authenticated
  with check (source = 'csv'
              and store_id in (select s.id from public.stores s where s.owner_id = (select auth.uid()) and s.kind = 'retailer')
              and pattern_id in (select p.id from public.patterns p where p.status = 'published'));

-- payment events: webhook bookkeeping, operators may look.
revoke select on public.payment_events from anon;
create policy payment_events_read_operator on public.payment_events for select to authenticated
  using ((select public.is_operator()));

-- Internal helpers are not API.
revoke execute on function public.grant_order_item(public.order_items, uuid) from public, anon, authenticated;
