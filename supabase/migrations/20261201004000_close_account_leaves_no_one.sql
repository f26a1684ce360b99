-- Deleting an account leaves nothing of the person behind (issue 31, item 5). On top of what
-- close_account already did (20261123002200_close_account.sql):
--   * stored provider events (payment_events.payload) of the person's orders, payout account and
--     billing customer, and any event naming their address, keep ids, types, amounts and
--     statuses; names, email addresses, phone numbers and postal addresses in them are nulled
--     (customer_details, billing_details, receipt_email, customer_email, shipping, …), and so is
--     any other text that holds the address or the display name;
--   * the person's reviews are deleted, with the store replies to them: the privacy policy
--     (shell/src/routes/legal) says so and why — a review is the person's own words and pictures,
--     nobody could edit or withdraw it any more, and its text often names them;
--   * the auth server's leftovers (one-time tokens, PKCE flow state, the audit log's copy of the
--     address) go or are scrubbed;
--   * close_account answers the stored files that must go with the person (`files`, bucket and
--     name): avatars, review photos, wholesale documents, account exports, the pictures of their
--     closed stores and everything of the stores removed. The delete-account function removes
--     them through the storage API (bytes and rows) before the goodbye mail says they are gone.

-- Personal data out of a provider's JSON: values of the keys below become null wherever they
-- are, and so does any string that holds one of p_strings (case-insensitive); ids, amounts,
-- types and statuses are kept.
create or replace function public.scrub_personal_data(p_value jsonb, p_strings text[]) returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  v_key text;
  v_item jsonb;
  v_out jsonb;
begin
  case jsonb_typeof(p_value)
    when 'object' then
      v_out := '{}'::jsonb;
      for v_key, v_item in select e.key, e.value from jsonb_each(p_value) e loop
        if v_key = any (array['email', 'name', 'phone', 'address', 'receipt_email', 'customer_email', 'customer_name',
                               'customer_phone', 'customer_address', 'customer_shipping', 'shipping', 'shipping_details',
                               'billing_address', 'first_name', 'last_name', 'maiden_name', 'dob', 'individual_name',
                               'business_name', 'legal_name', 'ip', 'user_agent', 'support_email', 'support_phone',
                               'support_address', 'actor_username', 'user_email', 'user_phone']) then
          v_out := v_out || jsonb_build_object(v_key, null);
        else
          v_out := v_out || jsonb_build_object(v_key, public.scrub_personal_data(v_item, p_strings));
        end if;
      end loop;
      return v_out;
    when 'array' then
      select coalesce(jsonb_agg(public.scrub_personal_data(x.value, p_strings) order by x.n), '[]'::jsonb) into v_out
        from jsonb_array_elements(p_value) with ordinality as x(value, n);
      return v_out;
    when 'string' then
      if exists (select 1 from unnest(p_strings) s where coalesce(btrim(s), '') <> '' and strpos(lower(p_value #>> '{}'), lower(s)) > 0) then
        return 'null'::jsonb;
      end if;
      return p_value;
    else
      return p_value;
  end case;
end $$;
revoke execute on function public.scrub_personal_data(jsonb, text[]) from public, anon, authenticated;
grant execute on function public.scrub_personal_data(jsonb, text[]) to service_role;

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
   where (o.bucket_id in ('avatars', 'wholesale-documents', 'account-exports') and public.path_uuid(o.name, 1) = p_user)
      or (o.bucket_id = 'review-photos' and public.path_uuid(o.name, 2) = p_user)
      or (o.bucket_id in ('avatars', 'review-photos', 'wholesale-documents', 'account-exports') and o.owner_id = p_user::text)
      or (o.bucket_id = 'store-assets' and public.path_uuid(o.name, 1) = any (v_closed_stores || v_removed_stores))
      or (o.bucket_id in ('pattern-files', 'pattern-images') and public.path_uuid(o.name, 1) = any (v_removed_stores));

  delete from public.wholesale_accounts where user_id = p_user;
  delete from public.partner_applications where user_id = p_user;
  delete from public.downloads where user_id = p_user;
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
