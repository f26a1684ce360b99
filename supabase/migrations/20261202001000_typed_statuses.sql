-- Statuses, kinds and licences become Postgres enums (issue 32), so the generated types
-- (shared/src/database.types.ts, `Database['public']['Enums']`) carry each column's union and a
-- wrong value is refused by the type itself (22P02 "invalid input value for enum order_status:
-- \"x\"") instead of a check constraint. Every existing row keeps its value: each column is
-- converted with `using col::type` from exactly the values its check allowed.
--
-- ALTER COLUMN ... TYPE refuses to run under a policy, a view or a trigger's column list that
-- reads the column, and re-parses the check constraints and partial indexes that compare it
-- with a `'…'::text` literal; those are dropped here and created again as they were (their
-- definitions as the latest migration left them, found through pg_depend). PL/pgSQL bodies are
-- not tracked by pg_depend: the ones that put a text value into a converted column (a text
-- argument, a CASE of literals, which Postgres types as text) are created again below with a cast.
-- Left as text with their checks (not statuses, kinds or licences, or read as text everywhere):
-- currencies, formats, crafts, plans, providers, roles, intents, entitlement sources, search
-- term kinds.

create type public.pattern_status as enum ('draft', 'published', 'archived');
create type public.pattern_licence as enum ('personal', 'small_business');
create type public.store_kind as enum ('designer', 'retailer', 'supplier');
create type public.order_status as enum ('pending', 'paid', 'partially_refunded', 'refunded', 'failed', 'expired');
create type public.order_item_kind as enum ('digital', 'wholesale_print');
create type public.subscription_status as enum
  ('trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused');
create type public.application_status as enum ('pending', 'approved', 'rejected');
create type public.partner_kind as enum ('reseller', 'supplier');
create type public.payout_status as enum ('held', 'paid', 'reversed');
create type public.payout_kind as enum ('designer_share', 'commission');
create type public.report_audience as enum ('store', 'operator', 'reseller', 'supplier');

-- ───────────── What reads the columns: dropped, created again below ─────────────
drop policy stores_open on public.stores;
drop policy patterns_read_published on public.patterns;
drop policy patterns_store_delete_draft on public.patterns;
drop policy patterns_mfa_read on public.patterns;
drop policy wholesale_prices_read on public.pattern_wholesale_prices;
drop policy pattern_versions_read on public.pattern_versions;
drop policy pattern_versions_mfa_read on public.pattern_versions;
drop policy store_stock_shop_insert on public.store_stock;
drop policy store_stock_shop_update on public.store_stock;
drop policy kits_read_live on public.kits;
drop policy kits_mfa_read on public.kits;
drop policy wholesale_accounts_apply on public.wholesale_accounts;
drop policy wholesale_accounts_applicant_update on public.wholesale_accounts;
drop policy wholesale_accounts_withdraw on public.wholesale_accounts;
drop policy partner_applications_apply on public.partner_applications;
drop policy partner_applications_applicant_update on public.partner_applications;
drop policy partner_applications_withdraw on public.partner_applications;
drop policy reports_read on public.reports;

drop view public.reseller_commissions;
drop view public.report_sales_lines;

drop trigger orders_fulfil on public.orders;
drop trigger partner_applications_referral_code on public.partner_applications;
drop trigger patterns_check_publishable on public.patterns;

drop index public.patterns_craft_idx;
drop index public.patterns_difficulty_idx;
drop index public.patterns_fit_bust_idx;
drop index public.patterns_fit_hip_idx;
drop index public.patterns_published_newest_idx;
drop index public.patterns_published_price_idx;
drop index public.patterns_published_sales_idx;
drop index public.payout_transfers_held_idx;

alter table public.patterns drop constraint patterns_status_valid, drop constraint patterns_licence_valid,
  drop constraint patterns_published_has_date;
alter table public.stores drop constraint stores_kind_valid, drop constraint stores_retailer_address;
alter table public.orders drop constraint orders_status_valid;
alter table public.order_items drop constraint order_items_kind_valid, drop constraint order_items_licence_valid;
alter table public.subscriptions drop constraint subscriptions_status_valid;
alter table public.wholesale_accounts drop constraint wholesale_accounts_status_valid,
  drop constraint wholesale_accounts_rejection_reason, drop constraint wholesale_accounts_reviewed;
alter table public.partner_applications drop constraint partner_applications_kind_valid,
  drop constraint partner_applications_status_valid, drop constraint partner_applications_rejection_reason,
  drop constraint partner_applications_reviewed;
alter table public.payout_transfers drop constraint payout_transfers_status_valid, drop constraint payout_transfers_kind_valid;
alter table public.reports drop constraint reports_audience_valid, drop constraint reports_store_kinds_valid;

-- ───────────── The columns ─────────────
alter table public.patterns
  alter column status drop default,
  alter column status type public.pattern_status using status::public.pattern_status,
  alter column status set default 'draft',
  alter column licence drop default,
  alter column licence type public.pattern_licence using licence::public.pattern_licence,
  alter column licence set default 'personal';
alter table public.stores
  alter column kind type public.store_kind using kind::public.store_kind;
alter table public.orders
  alter column status drop default,
  alter column status type public.order_status using status::public.order_status,
  alter column status set default 'pending';
alter table public.order_items
  alter column kind drop default,
  alter column kind type public.order_item_kind using kind::public.order_item_kind,
  alter column kind set default 'digital',
  alter column licence drop default,
  alter column licence type public.pattern_licence using licence::public.pattern_licence,
  alter column licence set default 'personal';
alter table public.subscriptions
  alter column status type public.subscription_status using status::public.subscription_status;
alter table public.wholesale_accounts
  alter column status drop default,
  alter column status type public.application_status using status::public.application_status,
  alter column status set default 'pending';
alter table public.partner_applications
  alter column kind type public.partner_kind using kind::public.partner_kind,
  alter column status drop default,
  alter column status type public.application_status using status::public.application_status,
  alter column status set default 'pending';
alter table public.payout_transfers
  alter column status drop default,
  alter column status type public.payout_status using status::public.payout_status,
  alter column status set default 'held',
  alter column kind drop default,
  alter column kind type public.payout_kind using kind::public.payout_kind,
  alter column kind set default 'designer_share';
-- The store kinds a store report is for (null: every kind) are store kinds too.
alter table public.reports
  alter column audience type public.report_audience using audience::public.report_audience,
  alter column store_kinds type public.store_kind[] using store_kinds::public.store_kind[];

-- ───────────── Constraints, indexes, triggers, as they were ─────────────
alter table public.patterns add constraint patterns_published_has_date check (status <> 'published' or published_at is not null);
alter table public.stores add constraint stores_retailer_address check (kind <> 'retailer'
  or (nullif(btrim(address_line1), '') is not null and nullif(btrim(city), '') is not null and nullif(btrim(postal_code), '') is not null));
alter table public.wholesale_accounts
  add constraint wholesale_accounts_rejection_reason check (status <> 'rejected' or nullif(btrim(reason), '') is not null),
  add constraint wholesale_accounts_reviewed check (status = 'pending' or reviewed_at is not null);
alter table public.partner_applications
  add constraint partner_applications_rejection_reason check (status <> 'rejected' or nullif(btrim(reason), '') is not null),
  add constraint partner_applications_reviewed check (status = 'pending' or reviewed_at is not null);

create index patterns_craft_idx on public.patterns (craft, category, published_at desc) where status = 'published';
create index patterns_difficulty_idx on public.patterns (difficulty) where status = 'published';
create index patterns_fit_bust_idx on public.patterns (bust_min_cm, bust_max_cm) where status = 'published';
create index patterns_fit_hip_idx on public.patterns (hip_min_cm, hip_max_cm) where status = 'published';
create index patterns_published_newest_idx on public.patterns (published_at desc) where status = 'published';
create index patterns_published_price_idx on public.patterns (price_cents, published_at desc) where status = 'published';
create index patterns_published_sales_idx on public.patterns (sales_count desc, published_at desc) where status = 'published';
create index payout_transfers_held_idx on public.payout_transfers (recipient_id) where status = 'held';

create trigger orders_fulfil before insert or update of status on public.orders
  for each row execute function public.fulfil_order_status();
create trigger partner_applications_referral_code after insert or update of status on public.partner_applications
  for each row execute function public.issue_referral_code();
create trigger patterns_check_publishable before update of status on public.patterns
  for each row execute function public.check_pattern_publishable();

-- ───────────── Views, as they were (their status columns now typed) ─────────────
create view public.report_sales_lines with (security_invoker = true) as
select i.id as order_item_id, i.order_number, i.sold_at, i.store_id, i.pattern_id,
       coalesce(i.title, '') as title, i.kind, i.quantity, i.currency,
       i.unit_price_cents * i.quantity - i.discount_cents as gross_cents,
       i.discount_cents, i.vat_cents, i.platform_fee_cents as fee_cents,
       i.unit_price_cents * i.quantity - i.discount_cents - i.vat_cents - i.platform_fee_cents as net_cents,
       i.refunded_at
  from public.order_items i
 where i.sold_at is not null and i.store_id = any (array(select public.my_store_ids()));
grant select on public.report_sales_lines to authenticated;

-- A reseller's commissions: the view runs with its owner's rights, so it checks for itself.
create view public.reseller_commissions as
  select o.reseller_id, i.order_id, i.id as order_item_id, i.commission_cents, i.currency,
         case when i.refunded_at is not null then 'reversed' else coalesce(t.status, 'held') end as status,
         coalesce(o.paid_at, o.created_at) as created_at,
         o.referral_code, i.title, i.kind as item_kind, i.quantity, i.platform_fee_cents,
         greatest(public.order_item_total(i) - i.vat_cents, 0) as net_sale_cents,
         t.paid_at, i.refunded_at
    from public.order_items i
    join public.orders o on o.id = i.order_id
    left join public.payout_transfers t on t.order_item_id = i.id and t.kind = 'commission'
   where o.reseller_id is not null and i.commission_cents > 0
     and o.status in ('paid', 'partially_refunded', 'refunded')
     and (o.reseller_id = (select auth.uid()) or (select public.is_operator()))
     and (select public.mfa_satisfied());
revoke all on public.reseller_commissions from anon, authenticated;
grant select on public.reseller_commissions to authenticated, service_role;

-- ───────────── Policies, as they were ─────────────
create policy stores_open on public.stores for insert to authenticated
  with check (owner_id = (select auth.uid()) and (kind in ('designer', 'retailer') or (select public.has_role('supplier'))));
create policy patterns_read_published on public.patterns for select to anon, authenticated
  using (status = 'published');
create policy patterns_store_delete_draft on public.patterns for delete to authenticated
  using (store_id in (select public.my_store_ids()) and status = 'draft');
create policy patterns_mfa_read on public.patterns as restrictive for select to authenticated
  using ((select public.mfa_satisfied()) or status = 'published');
create policy wholesale_prices_read on public.pattern_wholesale_prices for select to authenticated
  using (store_id in (select public.my_store_ids())
         or (select public.is_operator())
         or ((select public.is_wholesale_buyer())
             and pattern_id in (select p.id from public.patterns p where p.status = 'published')));
create policy pattern_versions_read on public.pattern_versions for select to anon, authenticated
  using (pattern_id in (select p.id from public.patterns p where p.status = 'published'));
create policy pattern_versions_mfa_read on public.pattern_versions as restrictive for select to authenticated
  using ((select public.mfa_satisfied()) or pattern_id in (select p.id from public.patterns p where p.status = 'published'));
create policy store_stock_shop_insert on public.store_stock for insert to authenticated
  with check (store_id in (select s.id from public.stores s where s.owner_id = (select auth.uid()) and s.kind = 'retailer')
              and pattern_id in (select p.id from public.patterns p where p.status = 'published'));
create policy store_stock_shop_update on public.store_stock for update to authenticated
  using (store_id in (select public.my_store_ids()))
  with check (store_id in (select s.id from public.stores s where s.owner_id = (select auth.uid()) and s.kind = 'retailer')
              and pattern_id in (select p.id from public.patterns p where p.status = 'published'));
create policy kits_read_live on public.kits for select to anon, authenticated
  using (archived_at is null
         and exists (select 1 from public.patterns p where p.id = pattern_id and p.status = 'published')
         and public.is_supplier(supplier_id));
create policy kits_mfa_read on public.kits as restrictive for select to authenticated
  using ((select public.mfa_satisfied())
         or (archived_at is null
             and exists (select 1 from public.patterns p where p.id = kits.pattern_id and p.status = 'published')
             and public.is_supplier(supplier_id)));
create policy wholesale_accounts_apply on public.wholesale_accounts for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'pending'
              and (store_id is null or store_id in (select public.my_store_ids())));
create policy wholesale_accounts_applicant_update on public.wholesale_accounts for update to authenticated
  using (user_id = (select auth.uid()) and status in ('pending', 'rejected'))
  with check (user_id = (select auth.uid()) and status = 'pending'
              and (store_id is null or store_id in (select public.my_store_ids())));
create policy wholesale_accounts_withdraw on public.wholesale_accounts for delete to authenticated
  using ((user_id = (select auth.uid()) and status = 'pending') or (select public.is_operator()));
create policy partner_applications_apply on public.partner_applications for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'pending');
create policy partner_applications_applicant_update on public.partner_applications for update to authenticated
  using (user_id = (select auth.uid()) and status in ('pending', 'rejected'))
  with check (user_id = (select auth.uid()) and status = 'pending');
create policy partner_applications_withdraw on public.partner_applications for delete to authenticated
  using ((user_id = (select auth.uid()) and status = 'pending') or (select public.is_operator()));
create policy reports_read on public.reports for select to authenticated
  using ((audience = 'store' and exists (select 1 from public.stores s
                                          where s.id in (select public.my_store_ids())
                                            and (store_kinds is null or s.kind = any (store_kinds))))
         or (audience = 'reseller' and (select public.has_role('reseller')))
         or (audience = 'supplier' and (select public.has_role('supplier')))
         or (audience = 'operator' and (select public.is_operator())));

-- ───────────── Functions that put text into a converted column ─────────────
-- The same bodies as the latest migration left them, with the one cast each needs (a text
-- argument or a CASE of literals is text, and text goes into an enum column only by a cast; a
-- PL/pgSQL RETURN QUERY hands its columns over as they are, so the text columns it declares get
-- ::text). Signatures, rights and security stay as they were.

create or replace function public.change_patterns_status(pattern_ids uuid[], status text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_id uuid;
  v_title text;
  v_results jsonb := '[]'::jsonb;
begin
  if auth.uid() is null then
    raise exception 'Sign in to manage your patterns' using errcode = 'PT401';
  end if;
  if change_patterns_status.status is null or change_patterns_status.status not in ('draft', 'published', 'archived') then
    raise exception 'Unknown status "%"', change_patterns_status.status using errcode = '22023', hint = 'Use draft, published or archived.';
  end if;
  if cardinality(coalesce(pattern_ids, '{}')) > 500 then
    raise exception 'At most 500 patterns at a time' using errcode = '22023';
  end if;
  foreach v_id in array coalesce(pattern_ids, '{}') loop
    begin
      update public.patterns p set status = change_patterns_status.status::public.pattern_status
       where p.id = v_id and p.store_id in (select public.my_store_ids())
      returning p.title into v_title;
      if v_title is null then
        v_results := v_results || jsonb_build_object('id', v_id, 'ok', false, 'message', 'Pattern not found in your store');
      else
        v_results := v_results || jsonb_build_object('id', v_id, 'ok', true, 'title', v_title);
      end if;
    exception when others then
      v_results := v_results || jsonb_build_object('id', v_id, 'ok', false, 'message', sqlerrm,
        'title', (select p.title from public.patterns p where p.id = v_id));
    end;
    v_title := null;
  end loop;
  return v_results;
end $function$;

create or replace function public.review_partner_application(p_application uuid, p_decision text, p_reason text DEFAULT NULL::text)
 RETURNS partner_applications
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.partner_applications;
begin
  perform public.require_mfa();
  if not public.is_operator() then
    raise exception 'Only operators review partner applications' using errcode = '42501';
  end if;
  if p_decision not in ('approve', 'reject') then
    raise exception 'The decision is approve or reject' using errcode = '22023';
  end if;
  if p_decision = 'reject' and nullif(btrim(coalesce(p_reason, '')), '') is null then
    raise exception 'Say why the application is rejected' using errcode = '23514', hint = 'The applicant reads this reason and can apply again.';
  end if;
  if exists (select 1 from public.partner_applications a where a.id = p_application and a.user_id = auth.uid()) then
    raise exception 'You cannot review your own application' using errcode = '42501', hint = 'Another operator decides it.';
  end if;
  update public.partner_applications
     set status = (case p_decision when 'approve' then 'approved' else 'rejected' end)::public.application_status,
         reason = case p_decision when 'approve' then null else btrim(p_reason) end
   where id = p_application and status = 'pending'
  returning * into v_row;
  if v_row.id is null then
    raise exception 'This application is not waiting for review any more' using errcode = '22023';
  end if;
  return v_row;
end $function$;

create or replace function public.review_wholesale_application(p_application uuid, p_decision text, p_reason text DEFAULT NULL::text)
 RETURNS wholesale_accounts
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.wholesale_accounts;
begin
  perform public.require_mfa();
  if not public.is_operator() then
    raise exception 'Only operators review wholesale applications' using errcode = '42501';
  end if;
  if p_decision not in ('approve', 'reject') then
    raise exception 'The decision is approve or reject' using errcode = '22023';
  end if;
  if p_decision = 'reject' and nullif(btrim(coalesce(p_reason, '')), '') is null then
    raise exception 'Say why the application is rejected' using errcode = '23514', hint = 'The applicant reads this reason and can apply again.';
  end if;
  update public.wholesale_accounts
     set status = (case p_decision when 'approve' then 'approved' else 'rejected' end)::public.application_status,
         reason = case p_decision when 'approve' then null else btrim(p_reason) end,
         reviewer_id = auth.uid(), reviewed_at = now()
   where id = p_application and status = 'pending'
  returning * into v_row;
  if v_row.id is null then
    raise exception 'This application is not waiting for review any more' using errcode = '22023';
  end if;
  if p_decision = 'approve' then
    insert into public.user_roles (user_id, role, granted_by) values (v_row.user_id, 'wholesale', auth.uid()) on conflict do nothing;
  else
    delete from public.user_roles where user_id = v_row.user_id and role = 'wholesale';
  end if;
  return v_row;
end $function$;

create or replace function public.payments_apply_refund(p_order_id uuid, p_amount_refunded integer)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_order public.orders;
  v_item public.order_items;
  v_covered integer;
  v_newly uuid[] := '{}';
begin
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found or v_order.status not in ('paid', 'partially_refunded') or p_amount_refunded <= v_order.amount_refunded_cents then
    return false;
  end if;
  if p_amount_refunded >= v_order.total_cents then
    select coalesce(array_agg(i.id), '{}') into v_newly from public.order_items i where i.order_id = p_order_id and i.refunded_at is null;
  else
    select coalesce(sum(public.order_item_total(i)), 0) into v_covered
      from public.order_items i where i.order_id = p_order_id and i.refunded_at is not null;
    for v_item in select * from public.order_items i
                   where i.order_id = p_order_id and i.refunded_at is null and i.refund_requested_at is not null
                   order by i.refund_requested_at, i.id loop
      exit when v_covered + public.order_item_total(v_item) > p_amount_refunded;
      v_covered := v_covered + public.order_item_total(v_item);
      v_newly := v_newly || v_item.id;
    end loop;
  end if;
  update public.order_items set refunded_at = now() where id = any (v_newly);
  update public.payout_transfers set status = 'reversed', reversed_at = now()
   where order_item_id = any (v_newly) and status = 'held';
  update public.payout_transfers set reversal_due_cents = amount_cents - reversed_cents
   where order_item_id = any (v_newly) and status = 'paid' and amount_cents > reversed_cents;
  update public.orders
     set amount_refunded_cents = p_amount_refunded,
         status = case when p_amount_refunded >= v_order.total_cents
                         or not exists (select 1 from public.order_items i where i.order_id = p_order_id and i.refunded_at is null)
                       then 'refunded' else 'partially_refunded' end::public.order_status
   where id = p_order_id;
  return true;
end $function$;

create or replace function public.payments_sync_subscription(p_sub jsonb)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_store uuid := nullif(p_sub #>> '{metadata,store_id}', '')::uuid;
  v_item jsonb := p_sub #> '{items,data,0}';
  v_status text := p_sub ->> 'status';
  v_start bigint := coalesce((v_item ->> 'current_period_start')::bigint, (p_sub ->> 'current_period_start')::bigint);
  v_end bigint := coalesce((v_item ->> 'current_period_end')::bigint, (p_sub ->> 'current_period_end')::bigint);
begin
  if v_store is null or not exists (select 1 from public.stores s where s.id = v_store) then return null; end if;
  insert into public.subscriptions (store_id, plan, status, provider, provider_customer_id, provider_subscription_id,
                                    current_period_start, current_period_end, cancel_at_period_end, "interval", canceled_at)
  values (v_store, coalesce(nullif(p_sub #>> '{metadata,plan}', ''), 'pro'), v_status::public.subscription_status, 'stripe', p_sub ->> 'customer', p_sub ->> 'id',
          to_timestamp(v_start), to_timestamp(v_end), coalesce((p_sub ->> 'cancel_at_period_end')::boolean, false),
          v_item #>> '{price,recurring,interval}', to_timestamp((p_sub ->> 'canceled_at')::bigint))
  on conflict (provider_subscription_id) do update
     set status = excluded.status, provider_customer_id = excluded.provider_customer_id,
         current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
         cancel_at_period_end = excluded.cancel_at_period_end, "interval" = coalesce(excluded."interval", public.subscriptions."interval"),
         canceled_at = excluded.canceled_at;
  update public.stores s
     set plan = case when exists (select 1 from public.subscriptions x
                                   where x.store_id = v_store and x.plan = 'pro' and x.status in ('active', 'trialing', 'past_due'))
                     then 'pro' else 'free' end
   where s.id = v_store;
  return v_store;
end $function$;

create or replace function public.partner_directory(programme text DEFAULT NULL::text)
 RETURNS TABLE(company text, website text, kind text, partner_since timestamp with time zone, country text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select a.company, a.website, a.kind::text, a.reviewed_at, a.country
    from public.partner_applications a
   where a.status = 'approved' and (partner_directory.programme is null or a.kind::text = partner_directory.programme)
   order by a.company
$function$;

create or replace function public.store_sales(p_limit integer DEFAULT 50)
 RETURNS TABLE(order_item_id uuid, order_id uuid, order_number bigint, order_status text, ordered_at timestamp with time zone, paid_at timestamp with time zone, buyer_country text, customer text, buyer_email text, store_id uuid, pattern_id uuid, kind text, title text, quantity integer, unit_price_cents integer, currency text, discount_cents integer, vat_cents integer, refunded_at timestamp with time zone, refund_requested_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform public.require_mfa();
  return query
  select i.id, o.id, o.number, o.status::text, o.created_at, o.paid_at, o.buyer_country,
         private.buyer_pseudonym(auth.uid(), o.buyer_id),
         case when public.buyer_shares_email(o.buyer_id) then o.buyer_email end,
         i.store_id, i.pattern_id, i.kind::text, i.title, i.quantity, i.unit_price_cents, i.currency,
         i.discount_cents, i.vat_cents, i.refunded_at, i.refund_requested_at
    from public.order_items i
    join public.orders o on o.id = i.order_id
   where i.store_id = any (array(select public.my_store_ids()))
     and o.status in ('paid', 'partially_refunded', 'refunded')
   order by i.created_at desc, i.id
   limit least(greatest(coalesce(p_limit, 50), 1), 200);
end $function$;
