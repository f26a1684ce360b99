-- Guest checkout (issue #18): anonymous sign-ins give a buyer a real `authenticated` session
-- with `is_anonymous: true` in the JWT, so every policy written for members would also let a
-- guest open a store, take a role, apply for wholesale or partner programmes, upload files or
-- create discount codes. Guests may only buy: create a checkout order (the checkout function,
-- service role), read their own orders and entitlements, and download what they bought.
-- Once the guest converts (updateUser({ email }) confirmed) new tokens say is_anonymous false
-- and everything here stops applying, with the same user id and purchases.

create or replace function public.is_anonymous() returns boolean
language sql stable set search_path = '' as $$
  select coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false)
$$;
grant execute on function public.is_anonymous() to anon, authenticated, service_role;

-- Restrictive policies are ANDed with the permissive ones already there, so each member rule
-- stays as it is and gains "not anonymous" for every write.
do $$
declare
  t text;
begin
  foreach t in array array['profiles', 'user_roles', 'stores', 'patterns', 'pattern_wholesale_prices', 'pattern_files',
                           'pattern_versions', 'store_stock', 'wholesale_accounts', 'partner_applications', 'pos_keys',
                           'pos_sales', 'discount_codes', 'reports'] loop
    execute format('create policy %I on public.%I as restrictive for insert to authenticated with check (not (select public.is_anonymous()))',
                   t || '_no_guest_insert', t);
    execute format('create policy %I on public.%I as restrictive for update to authenticated using (not (select public.is_anonymous())) with check (not (select public.is_anonymous()))',
                   t || '_no_guest_update', t);
    execute format('create policy %I on public.%I as restrictive for delete to authenticated using (not (select public.is_anonymous()))',
                   t || '_no_guest_delete', t);
  end loop;
end $$;

-- Uploads of every bucket (pattern files and images, avatars, store assets, wholesale documents).
create policy storage_no_guest_insert on storage.objects as restrictive for insert to authenticated
  with check (not (select public.is_anonymous()));
create policy storage_no_guest_update on storage.objects as restrictive for update to authenticated
  using (not (select public.is_anonymous())) with check (not (select public.is_anonymous()));
create policy storage_no_guest_delete on storage.objects as restrictive for delete to authenticated
  using (not (select public.is_anonymous()));

-- The security-definer helpers that grant store and role powers (attach_pattern_file,
-- change_patterns_status, create_pos_key, the storage path checks and every has_role policy go
-- through them) answer "no" for a guest, whatever rows exist.
create or replace function public.has_role(p_role text) returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous()
     and exists (select 1 from public.user_roles r where r.user_id = (select auth.uid()) and r.role = p_role)
$$;

create or replace function public.my_store_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select s.id from public.stores s where s.owner_id = (select auth.uid()) and not public.is_anonymous()
$$;

create or replace function public.owns_store(p_store_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous()
     and exists (select 1 from public.stores s where s.id = p_store_id and s.owner_id = (select auth.uid()))
$$;

create or replace function public.owns_pattern_path(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select not public.is_anonymous()
     and exists (select 1 from public.patterns p join public.stores s on s.id = p.store_id
                  where p.id = public.path_uuid(p_name, 2) and s.id = public.path_uuid(p_name, 1)
                    and s.owner_id = (select auth.uid()))
$$;

-- A guest gets a profile but no roles, whatever its sign-in metadata asks for (an anonymous
-- sign-in with { intent: 'designer' } must not make a designer); converting gives the member
-- the maker role every new account has.
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_intent text := coalesce(nullif(new.raw_user_meta_data ->> 'intent', ''), 'maker');
  v_name text := coalesce(
    nullif(btrim(new.raw_user_meta_data ->> 'display_name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
    nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
    case when new.is_anonymous then 'Guest' else 'Maker' end);
begin
  if v_intent = 'shop' then v_intent := 'retailer'; end if;
  if v_intent not in ('maker', 'designer', 'retailer') or new.is_anonymous then v_intent := 'maker'; end if;
  insert into public.profiles (id, display_name, intent, newsletter_opt_in)
  values (new.id, left(v_name, 80), v_intent,
          coalesce(new.raw_user_meta_data ->> 'newsletter_opt_in' in ('true', 't', '1', 'yes'), false) and not new.is_anonymous)
  on conflict (id) do nothing;
  if new.is_anonymous then return new; end if;
  insert into public.user_roles (user_id, role) values (new.id, 'maker') on conflict do nothing;
  if v_intent <> 'maker' then
    insert into public.user_roles (user_id, role) values (new.id, v_intent) on conflict do nothing;
  end if;
  return new;
end $$;

create or replace function public.handle_converted_guest() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.user_roles (user_id, role) values (new.id, 'maker') on conflict do nothing;
  -- "Guest" was a placeholder: the address they confirmed names them until they choose a name
  update public.profiles set display_name = left(coalesce(nullif(split_part(coalesce(new.email, ''), '@', 1), ''), 'Maker'), 80)
   where id = new.id and display_name = 'Guest';
  return new;
end $$;
revoke execute on function public.handle_converted_guest() from public, anon, authenticated;

create trigger on_auth_guest_converted after update of is_anonymous on auth.users
  for each row when (old.is_anonymous and not new.is_anonymous) execute function public.handle_converted_guest();
