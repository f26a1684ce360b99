-- A buyer's stamped copy of a file version is made once and served again on re-download: the
-- download function stamps the first time, keeps the bytes in the private bucket
-- download-copies (<user>/<copy id>.pdf) and notes them here; a later download of the same file
-- version, format, variant and size selection by the same buyer serves those bytes (the same
-- stamp). record_download still runs first on every download: the hourly limit and the
-- download record are exactly as before.
--   * Nobody but the service role reads or writes these rows or the bucket (no policies, no
--     grants): a buyer reaches a copy only through the function, after record_download.
--   * A revoked entitlement (refund, dispute, tampering) marks the buyer's copies of that
--     pattern revoked at once (never served again); the function removes their bytes through
--     the storage API (removal_due rows) and then the rows.
--   * close_account lists the person's copies among the files that go with them.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('download-copies', 'download-copies', false, 524288000, array['application/pdf'])
on conflict (id) do nothing;

create table public.download_copies (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  pattern_id uuid not null references public.patterns (id) on delete cascade,
  format text not null,
  version integer not null,
  -- '' for the whole file; otherwise the variant (roll36, dark) and the sorted size labels
  variant text not null default '',
  sizes text not null default '',
  storage_path text not null,
  size_bytes bigint not null,
  created_at timestamptz not null default now(),
  -- set when the entitlement behind it is revoked: not served, its bytes to be removed
  revoked_at timestamptz,
  unique (user_id, pattern_id, format, version, variant, sizes)
);
create index download_copies_revoked on public.download_copies (revoked_at) where revoked_at is not null;
alter table public.download_copies enable row level security;
revoke all on public.download_copies from public, anon, authenticated;
grant select, insert, update, delete on public.download_copies to service_role;

-- A revoked entitlement: the buyer's copies of that pattern are no longer served.
create or replace function public.download_copies_follow_revoke() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.download_copies c set revoked_at = now()
   where c.user_id = new.user_id and c.pattern_id = new.pattern_id and c.revoked_at is null;
  return null;
end $$;
revoke execute on function public.download_copies_follow_revoke() from public, anon, authenticated;
create trigger download_copies_follow_revoke after update of revoked_at on public.entitlements
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function public.download_copies_follow_revoke();

-- close_account as 20261201004000_close_account_leaves_no_one.sql defines it, with the person's
-- stamped download copies among the files that go with them.
create or replace function public.close_account(p_user uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text;
  v_name text;
  v_personal text[];
  v_orders text[];
  v_provider_ids text[];
  v_store record;
  v_closed_stores uuid[] := '{}';
  v_removed_stores uuid[] := '{}';
  v_files jsonb;
  v_closed int := 0;
  v_removed int := 0;
  v_anonymised int := 0;
  v_events int := 0;
  v_reviews int := 0;
begin
  select email into v_email from auth.users where id = p_user and deleted_at is null for update;
  if not found then
    raise exception 'No such account' using errcode = '22023';
  end if;
  select nullif(btrim(display_name), '') into v_name from public.profiles where id = p_user;
  v_personal := array_remove(array[v_email, v_name], null);

  -- Provider events: of the person's orders, payout account and billing customers, or naming them.
  v_orders := array(select o.id::text from public.orders o where o.buyer_id = p_user);
  v_provider_ids := array(
    select a.stripe_account_id from public.payout_accounts a where a.user_id = p_user
    union all
    select c.provider_customer_id from public.billing_customers c join public.stores s on s.id = c.store_id where s.owner_id = p_user);
  update public.payment_events e set payload = public.scrub_personal_data(e.payload, v_personal)
   where coalesce(e.payload #>> '{data,object,metadata,order_id}', e.payload #>> '{data,object,client_reference_id}') = any (v_orders)
      or (v_email is not null and strpos(lower(e.payload::text), lower(v_email)) > 0)
      or exists (select 1 from unnest(v_provider_ids) p where strpos(e.payload::text, p) > 0);
  get diagnostics v_events = row_count;

  -- Orders stay for the books, without who bought them.
  update public.orders set buyer_id = null, buyer_email = null where buyer_id = p_user;
  get diagnostics v_anonymised = row_count;

  -- Reviews (and the store replies to them) go: see the privacy policy.
  delete from public.reviews where author_id = p_user;
  get diagnostics v_reviews = row_count;

  -- Stores: with sales, closed and archived (buyers keep their patterns); without, removed.
  for v_store in select s.id, exists (select 1 from public.order_items i where i.store_id = s.id) as has_sales
                   from public.stores s where s.owner_id = p_user loop
    if v_store.has_sales then
      update public.patterns set status = 'archived' where store_id = v_store.id and status <> 'archived';
      update public.stores set closed_at = now(), bio = '', logo_path = null, banner_path = null,
             address_line1 = null, address_line2 = null, city = null, postal_code = null, region = null, opening_hours = ''
       where id = v_store.id and kind <> 'retailer';
      update public.stores set closed_at = now(), bio = '', logo_path = null, banner_path = null, opening_hours = ''
       where id = v_store.id and kind = 'retailer';
      v_closed_stores := v_closed_stores || v_store.id;
      v_closed := v_closed + 1;
    else
      v_removed_stores := v_removed_stores || v_store.id;
      delete from public.stores where id = v_store.id;
      v_removed := v_removed + 1;
    end if;
  end loop;

  -- The files that go with the person (removed by the caller through the storage API).
  select coalesce(jsonb_agg(jsonb_build_object('bucket', o.bucket_id, 'name', o.name) order by o.bucket_id, o.name), '[]'::jsonb)
    into v_files
    from storage.objects o
   where (o.bucket_id in ('avatars', 'wholesale-documents', 'account-exports', 'download-copies') and public.path_uuid(o.name, 1) = p_user)
      or (o.bucket_id = 'review-photos' and public.path_uuid(o.name, 2) = p_user)
      or (o.bucket_id in ('avatars', 'review-photos', 'wholesale-documents', 'account-exports') and o.owner_id = p_user::text)
      or (o.bucket_id = 'store-assets' and public.path_uuid(o.name, 1) = any (v_closed_stores || v_removed_stores))
      or (o.bucket_id in ('pattern-files', 'pattern-images') and public.path_uuid(o.name, 1) = any (v_removed_stores));

  delete from public.wholesale_accounts where user_id = p_user;
  delete from public.partner_applications where user_id = p_user;
  delete from public.downloads where user_id = p_user;
  delete from public.download_copies where user_id = p_user;
  delete from public.user_roles where user_id = p_user;
  delete from public.account_recovery_codes where user_id = p_user;
  delete from public.account_recovery_failures where user_id = p_user;
  if v_email is not null then
    delete from public.newsletter_subscribers where email = lower(v_email);
  end if;
  update public.profiles set display_name = 'Former member', avatar_path = null, newsletter_opt_in = false where id = p_user;

  -- Sign-in is over: sessions, factors and one-time tokens go, the address and password are scrubbed.
  delete from auth.sessions where user_id = p_user;
  delete from auth.mfa_factors where user_id = p_user;
  delete from auth.identities where user_id = p_user;
  delete from auth.one_time_tokens where user_id = p_user;
  delete from auth.flow_state where user_id = p_user;
  update auth.audit_log_entries set payload = public.scrub_personal_data(payload::jsonb, v_personal)::json
   where payload ->> 'actor_id' = p_user::text or (v_email is not null and strpos(lower(payload::text), lower(v_email)) > 0);
  update auth.users
     set email = 'deleted-' || id::text || '@deleted.invalid', encrypted_password = '', phone = null,
         email_change = '', email_change_token_new = '', email_change_token_current = '',
         raw_user_meta_data = '{}'::jsonb, banned_until = 'infinity', deleted_at = now(), updated_at = now()
   where id = p_user;

  return jsonb_build_object('email', v_email, 'orders_anonymised', v_anonymised, 'stores_closed', v_closed, 'stores_removed', v_removed,
                            'events_scrubbed', v_events, 'reviews_removed', v_reviews, 'files', v_files);
end $$;
revoke execute on function public.close_account(uuid) from public, anon, authenticated;
grant execute on function public.close_account(uuid) to service_role;
