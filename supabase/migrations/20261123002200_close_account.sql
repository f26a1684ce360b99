-- Deleting an account (issue #11). The person's data goes or is anonymised in one step; what
-- others rely on stays: orders (anonymised, for accounting) and, for a store with sales, the
-- store and its archived patterns, so buyers keep their downloads. The auth user is kept as an
-- anonymous, banned row (like GoTrue's soft delete) because a store with sales still points at
-- it; nobody can sign in as it. Called only by the delete-account function (service role),
-- after it re-authenticated the member (password, and a code at aal2).

alter table public.stores add column closed_at timestamptz;

create or replace function public.close_account(p_user uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text;
  v_store record;
  v_closed int := 0;
  v_removed int := 0;
  v_anonymised int := 0;
begin
  select email into v_email from auth.users where id = p_user and deleted_at is null for update;
  if not found then
    raise exception 'No such account' using errcode = '22023';
  end if;

  -- Orders stay for the books, without who bought them.
  update public.orders set buyer_id = null, buyer_email = null where buyer_id = p_user;
  get diagnostics v_anonymised = row_count;

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
      v_closed := v_closed + 1;
    else
      delete from public.stores where id = v_store.id;
      v_removed := v_removed + 1;
    end if;
  end loop;

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

  -- Sign-in is over: sessions and factors go, the address and password are scrubbed.
  delete from auth.sessions where user_id = p_user;
  delete from auth.mfa_factors where user_id = p_user;
  delete from auth.identities where user_id = p_user;
  update auth.users
     set email = 'deleted-' || id::text || '@deleted.invalid', encrypted_password = '', phone = null,
         email_change = '', email_change_token_new = '', email_change_token_current = '',
         raw_user_meta_data = '{}'::jsonb, banned_until = 'infinity', deleted_at = now(), updated_at = now()
   where id = p_user;

  return jsonb_build_object('email', v_email, 'orders_anonymised', v_anonymised, 'stores_closed', v_closed, 'stores_removed', v_removed);
end $$;
revoke execute on function public.close_account(uuid) from public, anon, authenticated;
grant execute on function public.close_account(uuid) to service_role;
