-- The second factor guards every action (issue 31, item 1). An account with a verified
-- authenticator app that signed in with the password alone (an aal1 token) could, through the
-- API, export the account, create a till key, insert a 100 % discount code, edit its store and
-- get a payout link. Now, wherever public.mfa_satisfied() is false (20261201001000):
--   * every write a member can make (insert, update, delete on every table with a member
--     write policy, and on storage.objects) is refused with a clear 42501 (a restrictive
--     policy that raises the message and hint of public.require_mfa());
--   * every private read sees nothing: a restrictive select policy lets an aal1 session see
--     exactly what a visitor sees (published patterns, live kits, reviews of published
--     patterns, public buckets, stores …), so the catalog works before the code is entered;
--   * every security-definer RPC a member calls for a write or a private read raises the same
--     error first (they bypass row-level security, so the policies do not reach them); the
--     report RPCs through report_window(), which each of them calls;
--   * reseller_commissions (a view with its owner's rights) keeps to satisfied callers.
-- What keeps working at aal1, on purpose: the auth server's own MFA steps (challenge/verify),
-- public.use_recovery_code (it is how an aal1 session becomes aal2), has_entitlement and the
-- other policy helpers, the public RPCs anon may call too (search, reviews, counters).
-- Later migrations that redefine one of the functions below keep its first line.

-- A boolean for policies: true, or the refusal itself (so a write fails loudly with words,
-- not as "new row violates row-level security policy" or an update of zero rows).
create or replace function public.mfa_satisfied_or_refuse() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.require_mfa();
  return true;
end $$;
revoke execute on function public.mfa_satisfied_or_refuse() from public;
grant execute on function public.mfa_satisfied_or_refuse() to anon, authenticated, service_role;

-- ── Writes ────────────────────────────────────────────────────────────────────────────────
-- Every table with a permissive insert/update/delete policy for members (restrictive policies
-- are ANDed with them; (select …) makes it one evaluation per statement).
do $$
declare
  t text;
begin
  foreach t in array array['profiles', 'user_roles', 'stores', 'patterns', 'pattern_wholesale_prices', 'pattern_files',
                           'pattern_versions', 'store_stock', 'wholesale_accounts', 'partner_applications', 'pos_keys',
                           'pos_sales', 'discount_codes', 'kits', 'reviews', 'review_replies', 'favourites', 'follows'] loop
    execute format('create policy %I on public.%I as restrictive for insert to authenticated with check ((select public.mfa_satisfied_or_refuse()))',
                   t || '_mfa_insert', t);
    execute format('create policy %I on public.%I as restrictive for update to authenticated using ((select public.mfa_satisfied_or_refuse())) with check ((select public.mfa_satisfied_or_refuse()))',
                   t || '_mfa_update', t);
    execute format('create policy %I on public.%I as restrictive for delete to authenticated using ((select public.mfa_satisfied_or_refuse()))',
                   t || '_mfa_delete', t);
  end loop;
end $$;
create policy storage_mfa_insert on storage.objects as restrictive for insert to authenticated
  with check ((select public.mfa_satisfied_or_refuse()));
create policy storage_mfa_update on storage.objects as restrictive for update to authenticated
  using ((select public.mfa_satisfied_or_refuse())) with check ((select public.mfa_satisfied_or_refuse()));
create policy storage_mfa_delete on storage.objects as restrictive for delete to authenticated
  using ((select public.mfa_satisfied_or_refuse()));

-- ── Private reads ─────────────────────────────────────────────────────────────────────────
-- Tables a visitor cannot read at all: nothing until the second factor.
do $$
declare
  t text;
begin
  foreach t in array array['profiles', 'user_roles', 'pattern_wholesale_prices', 'pattern_files', 'orders', 'order_items',
                           'entitlements', 'downloads', 'subscriptions', 'wholesale_accounts', 'partner_applications',
                           'reports', 'newsletter_subscribers', 'pos_keys', 'pos_sales', 'payment_events',
                           'discount_codes', 'payout_accounts', 'payout_transfers', 'billing_customers',
                           'referral_codes', 'referral_clicks', 'kit_clicks', 'pattern_views', 'report_sales_daily',
                           'favourites', 'follows'] loop
    execute format('create policy %I on public.%I as restrictive for select to authenticated using ((select public.mfa_satisfied()))',
                   t || '_mfa_read', t);
  end loop;
end $$;
-- Tables with public rows: at aal1, the rows a visitor reads (the same predicates as their
-- visitor policies), and not the member's private ones (drafts, own kits, own reviews of
-- unpublished patterns, private buckets). Tables every visitor reads in full need nothing.
create policy patterns_mfa_read on public.patterns as restrictive for select to authenticated
  using ((select public.mfa_satisfied()) or status = 'published');
create policy pattern_versions_mfa_read on public.pattern_versions as restrictive for select to authenticated
  using ((select public.mfa_satisfied()) or pattern_id in (select p.id from public.patterns p where p.status = 'published'));
create policy kits_mfa_read on public.kits as restrictive for select to authenticated
  using ((select public.mfa_satisfied())
         or (archived_at is null
             and exists (select 1 from public.patterns p where p.id = kits.pattern_id and p.status = 'published')
             and public.is_supplier(supplier_id)));
create policy reviews_mfa_read on public.reviews as restrictive for select to authenticated
  using ((select public.mfa_satisfied()) or public.pattern_is_published(pattern_id));
create policy storage_mfa_read on storage.objects as restrictive for select to authenticated
  using ((select public.mfa_satisfied()) or bucket_id in ('pattern-images', 'avatars', 'store-assets', 'review-photos'));

-- A reseller's commissions: the view runs with its owner's rights, so it checks for itself.
create or replace view public.reseller_commissions as
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

-- ── Reports ───────────────────────────────────────────────────────────────────────────────
-- Every report RPC reads its window first: the refusal comes from there, in words, instead of
-- a report that is silently empty. (Stable now: it reads the caller's claims.)
create or replace function public.report_window(p_from date, p_to date, out starts timestamptz, out ends timestamptz)
language plpgsql stable set search_path = '' as $$
begin
  perform public.require_mfa();
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

-- ── Security-definer RPCs a member calls (the bodies as the latest migration left them, with
-- the check as their first statement) ───────────────────────────────────────────────────────
CREATE OR REPLACE FUNCTION public.attach_pattern_file(pattern_id uuid, format text, version integer, size_bytes bigint, sha256 text, changes text DEFAULT ''::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_pattern public.patterns;
  v_existing public.pattern_files;
  v_path text;
  v_object storage.objects;
  v_new_version integer;
  v_changes text := btrim(coalesce(attach_pattern_file.changes, ''));
begin
  perform public.require_mfa();
  if v_uid is null then
    raise exception 'Sign in to upload pattern files' using errcode = 'PT401';
  end if;
  select p.* into v_pattern from public.patterns p join public.stores s on s.id = p.store_id
   where p.id = attach_pattern_file.pattern_id and s.owner_id = v_uid;
  if not found then
    raise exception 'Pattern not found' using errcode = 'PT404';
  end if;
  if attach_pattern_file.format is null or attach_pattern_file.format not in ('a4', 'us_letter', 'a0', 'projector') then
    raise exception 'Unknown format "%"', attach_pattern_file.format using errcode = '22023', hint = 'Use a4, us_letter, a0 or projector.';
  end if;
  select * into v_existing from public.pattern_files f
   where f.pattern_id = v_pattern.id and f.format = attach_pattern_file.format for update;
  if attach_pattern_file.version is distinct from coalesce(v_existing.version, 0) + 1 then
    raise exception 'This file was replaced meanwhile (expected version %)', coalesce(v_existing.version, 0) + 1
      using errcode = 'PT409', hint = 'Reload the page and upload again.';
  end if;
  v_path := v_pattern.store_id::text || '/' || v_pattern.id::text || '/' || attach_pattern_file.format || '/v' || attach_pattern_file.version::text || '.pdf';

  -- The server's own look at the upload: it exists, is a PDF and has the declared size.
  select * into v_object from storage.objects o where o.bucket_id = 'pattern-files' and o.name = v_path;
  if not found then
    raise exception 'The uploaded file was not found; upload it again' using errcode = 'PT404', detail = 'file_missing';
  end if;
  if coalesce(v_object.metadata ->> 'mimetype', '') <> 'application/pdf' then
    raise exception 'Pattern files must be PDF documents' using errcode = '22023', hint = 'Export the pattern as PDF and upload it again.';
  end if;
  if (v_object.metadata ->> 'size')::bigint is distinct from attach_pattern_file.size_bytes then
    raise exception 'The uploaded file is incomplete (% of % bytes)', coalesce(v_object.metadata ->> 'size', '0'), attach_pattern_file.size_bytes
      using errcode = '22023', hint = 'Resume the upload.';
  end if;
  if attach_pattern_file.size_bytes > 209715200 then
    raise exception 'Pattern files can be at most 200 MB' using errcode = '22023';
  end if;

  -- Replacing a file buyers may already have is a new version with a note of what changed.
  if v_pattern.status = 'published' and v_existing.id is not null then
    if v_changes = '' then
      raise exception 'Describe what changed in this version' using errcode = '23514',
        hint = 'Buyers get this note by email, e.g. "Corrected the sleeve notch on page 4".';
    end if;
    v_new_version := v_pattern.current_version + 1;
    insert into public.pattern_versions (pattern_id, store_id, version, changes, created_by)
    values (v_pattern.id, v_pattern.store_id, v_new_version, v_changes, v_uid);
    update public.patterns p set current_version = v_new_version where p.id = v_pattern.id;
  end if;

  if v_existing.id is null then
    insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256, changelog)
    values (v_pattern.id, v_pattern.store_id, attach_pattern_file.format, attach_pattern_file.version, v_path,
            attach_pattern_file.size_bytes, lower(attach_pattern_file.sha256), v_changes);
  else
    update public.pattern_files f
       set version = attach_pattern_file.version, storage_path = v_path, size_bytes = attach_pattern_file.size_bytes,
           sha256 = lower(attach_pattern_file.sha256), changelog = v_changes
     where f.id = v_existing.id;
  end if;
  update public.patterns p set formats = array(select distinct unnest(p.formats || array[attach_pattern_file.format]) order by 1)
   where p.id = v_pattern.id and not (attach_pattern_file.format = any (p.formats));

  return jsonb_build_object('format', attach_pattern_file.format, 'version', attach_pattern_file.version,
    'storage_path', v_path, 'pattern_version', v_new_version, 'notify', v_new_version is not null);
end $function$;

CREATE OR REPLACE FUNCTION public.claim_free_pattern(pattern_id uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_pattern public.patterns;
  v_id uuid;
begin
  perform public.require_mfa();
  if v_uid is null then
    raise exception 'Sign in to add free patterns to your library' using errcode = 'PT401';
  end if;
  select * into v_pattern from public.patterns p where p.id = claim_free_pattern.pattern_id and p.status = 'published';
  if not found then
    raise exception 'Pattern not found' using errcode = 'PT404';
  end if;
  if v_pattern.price_cents <> 0 then
    raise exception 'This pattern is not free' using errcode = 'PT402', hint = 'Buy it from the pattern page.';
  end if;
  -- (no conflict target: its column names would clash with the parameter pattern_id)
  insert into public.entitlements (user_id, pattern_id, source)
  values (v_uid, v_pattern.id, 'free')
  on conflict do nothing
  returning id into v_id;
  if v_id is null then
    select e.id into v_id from public.entitlements e
     where e.user_id = v_uid and e.pattern_id = v_pattern.id and e.revoked_at is null;
  end if;
  return v_id;
end $function$;

CREATE OR REPLACE FUNCTION public.create_pos_key(store_id uuid, name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_key text := 'shpos_' || encode(extensions.gen_random_bytes(24), 'hex');
  v_id uuid;
begin
  perform public.require_mfa();
  if not public.owns_store(create_pos_key.store_id) then
    raise exception 'Store not found' using errcode = 'PT404';
  end if;
  insert into public.pos_keys (store_id, name, prefix, key_hash, created_by)
  values (create_pos_key.store_id, create_pos_key.name, left(v_key, 12),
          encode(pg_catalog.sha256(pg_catalog.convert_to(v_key, 'UTF8')), 'hex'), auth.uid())
  returning id into v_id;
  return jsonb_build_object('id', v_id, 'key', v_key, 'prefix', left(v_key, 12));
end $function$;

CREATE OR REPLACE FUNCTION public.record_download(pattern_id uuid, format text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_file public.pattern_files;
  v_owner boolean;
  v_recent integer;
begin
  perform public.require_mfa();
  if v_uid is null then
    raise exception 'Sign in to download your patterns' using errcode = 'PT401';
  end if;
  if record_download.format not in ('a4', 'us_letter', 'a0', 'projector') then
    raise exception 'Unknown format "%"', record_download.format using errcode = '22023',
      hint = 'Use a4, us_letter, a0 or projector.';
  end if;
  v_owner := exists (select 1 from public.patterns p join public.stores s on s.id = p.store_id
                      where p.id = record_download.pattern_id and s.owner_id = v_uid);
  if not v_owner and not public.has_entitlement(record_download.pattern_id) then
    raise exception 'You have not purchased this pattern' using errcode = 'PT403',
      detail = 'not_purchased', hint = 'Buy it, or sign in with the account you bought it with.';
  end if;
  select * into v_file from public.pattern_files f
   where f.pattern_id = record_download.pattern_id and f.format = record_download.format;
  if not found then
    raise exception 'This pattern has no % file yet', record_download.format using errcode = 'PT404',
      detail = 'file_missing', hint = 'Choose another format, or ask the designer.';
  end if;
  if not v_owner then
    -- serialise concurrent downloads of one buyer × pattern so the limit holds
    perform pg_advisory_xact_lock(hashtext(v_uid::text || record_download.pattern_id::text));
    select count(*) into v_recent from public.downloads d
     where d.user_id = v_uid and d.pattern_id = record_download.pattern_id and d.created_at > now() - interval '1 hour';
    if v_recent >= public.download_limit_per_hour() then
      raise exception 'Download limit reached: % downloads of this pattern per hour', public.download_limit_per_hour()
        using errcode = 'PT429', detail = 'limit_reached', hint = 'Try again in an hour; your purchase stays in your library.';
    end if;
  end if;
  insert into public.downloads (user_id, pattern_id, pattern_file_id, format, version)
  values (v_uid, record_download.pattern_id, v_file.id, v_file.format, v_file.version);
  return jsonb_build_object(
    'bucket', 'pattern-files', 'storage_path', v_file.storage_path, 'format', v_file.format,
    'version', v_file.version, 'size_bytes', v_file.size_bytes, 'sha256', v_file.sha256,
    'remaining', case when v_owner then null else public.download_limit_per_hour() - v_recent - 1 end);
end $function$;

CREATE OR REPLACE FUNCTION public.request_refund(order_id uuid, order_item_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_order public.orders;
  v_ids uuid[];
  v_amount integer;
begin
  perform public.require_mfa();
  if v_uid is null then
    raise exception 'Sign in to refund an order' using errcode = 'PT401';
  end if;
  select * into v_order from public.orders o where o.id = request_refund.order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'PT404';
  end if;
  select array_agg(i.id), sum(public.order_item_total(i)) into v_ids, v_amount
    from public.order_items i
   where i.order_id = v_order.id and i.refunded_at is null
     and (request_refund.order_item_id is null or i.id = request_refund.order_item_id);
  if not public.is_operator() then
    if not exists (select 1 from public.order_items i join public.stores s on s.id = i.store_id
                    where i.order_id = v_order.id and s.owner_id = v_uid)
       or exists (select 1 from public.order_items i join public.stores s on s.id = i.store_id
                   where i.id = any (coalesce(v_ids, '{}')) and s.owner_id <> v_uid) then
      raise exception 'Only the store that sold every refunded line, or an operator, can refund it' using errcode = 'PT403';
    end if;
  end if;
  if v_order.status not in ('paid', 'partially_refunded') then
    raise exception 'Only a paid order can be refunded; this one is %', v_order.status using errcode = 'PT409';
  end if;
  if v_ids is null then
    raise exception 'This line is not in the order or was already refunded' using errcode = 'PT409';
  end if;
  update public.order_items i set refund_requested_at = coalesce(i.refund_requested_at, clock_timestamp()) where i.id = any (v_ids);
  return jsonb_build_object('order_id', v_order.id, 'item_ids', to_jsonb(v_ids), 'amount_cents', v_amount,
                            'currency', v_order.currency, 'payment_intent', v_order.provider_payment_intent_id,
                            'refunded_cents', v_order.amount_refunded_cents);
end $function$;

CREATE OR REPLACE FUNCTION public.review_partner_application(p_application uuid, p_decision text, p_reason text DEFAULT NULL::text)
 RETURNS public.partner_applications
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
     set status = case p_decision when 'approve' then 'approved' else 'rejected' end,
         reason = case p_decision when 'approve' then null else btrim(p_reason) end
   where id = p_application and status = 'pending'
  returning * into v_row;
  if v_row.id is null then
    raise exception 'This application is not waiting for review any more' using errcode = '22023';
  end if;
  return v_row;
end $function$;

CREATE OR REPLACE FUNCTION public.review_wholesale_application(p_application uuid, p_decision text, p_reason text DEFAULT NULL::text)
 RETURNS public.wholesale_accounts
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
     set status = case p_decision when 'approve' then 'approved' else 'rejected' end,
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

CREATE OR REPLACE FUNCTION public.download_allowance(pattern_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select public.require_mfa();
  select greatest(public.download_limit_per_hour() - count(*)::integer, 0)
    from public.downloads d
   where d.user_id = auth.uid() and d.pattern_id = download_allowance.pattern_id
     and d.created_at > now() - interval '1 hour'
$function$;

CREATE OR REPLACE FUNCTION public.my_library()
 RETURNS TABLE(pattern_id uuid, title text, cover_path text, formats text[], status text, current_version integer, store_name text, store_slug text, source text, granted_at timestamp with time zone, last_downloaded_at timestamp with time zone, updated boolean, latest_changes text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select public.require_mfa();
  select p.id, p.title, p.cover_path, p.formats, p.status, p.current_version, s.name, s.slug, e.source, e.granted_at,
         d.last_at,
         v.created_at is not null and v.created_at > coalesce(d.last_at, e.granted_at),
         v.changes
    from public.entitlements e
    join public.patterns p on p.id = e.pattern_id
    join public.stores s on s.id = p.store_id
    left join lateral (select max(x.created_at) as last_at from public.downloads x
                        where x.user_id = e.user_id and x.pattern_id = p.id) d on true
    left join lateral (select pv.created_at, pv.changes from public.pattern_versions pv
                        where pv.pattern_id = p.id order by pv.version desc limit 1) v on true
   where e.user_id = (select auth.uid()) and e.revoked_at is null
   order by e.granted_at desc, p.title
$function$;

CREATE OR REPLACE FUNCTION public.pos_settlement(p_from date DEFAULT NULL::date, p_to date DEFAULT NULL::date)
 RETURNS TABLE(month date, shop_store_id uuid, shop_name text, designer_store_id uuid, designer_name text, currency text, sales integer, copies integer, royalty_cents bigint, platform_fee_cents bigint, designer_share_cents bigint)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select public.require_mfa();
  select date_trunc('month', s.sold_at at time zone 'UTC')::date, shop.id, shop.name, d.id, d.name, s.royalty_currency,
         count(*)::integer, sum(s.quantity)::integer, sum(s.royalty_cents)::bigint, sum(s.royalty_fee_cents)::bigint,
         sum(s.royalty_cents - s.royalty_fee_cents)::bigint
    from public.pos_sales s
    join public.stores shop on shop.id = s.store_id
    join public.patterns p on p.id = s.pattern_id
    join public.stores d on d.id = p.store_id
   where (shop.owner_id = (select auth.uid()) or d.owner_id = (select auth.uid()) or public.is_operator())
     and not public.is_anonymous()
     and (p_from is null or s.sold_at >= date_trunc('month', p_from::timestamp) at time zone 'UTC')
     and (p_to is null or s.sold_at < (date_trunc('month', p_to::timestamp) + interval '1 month') at time zone 'UTC')
   group by 1, shop.id, shop.name, d.id, d.name, s.royalty_currency
   order by 1 desc, shop.name, d.name, s.royalty_currency
$function$;

CREATE OR REPLACE FUNCTION public.recovery_codes_left()
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select public.require_mfa();
  select count(*)::int from public.account_recovery_codes where user_id = (select auth.uid()) and used_at is null
$function$;
