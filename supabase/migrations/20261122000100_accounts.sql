-- Accounts: profiles (one per auth user), user roles, and the helper functions
-- every row-level security policy of the marketplace is written with.
-- Assumes what hosted Supabase provides: auth.users, roles anon/authenticated/service_role,
-- schema `extensions` with pgcrypto and pg_trgm.

create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- Keeps updated_at honest on every table that has one.
create or replace function public.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null
    constraint profiles_display_name_length check (char_length(btrim(display_name)) between 1 and 80),
  avatar_path text,
  -- what the person said they came for at sign-up ("I am a designer / shop")
  intent text not null default 'maker'
    constraint profiles_intent_valid check (intent in ('maker', 'designer', 'retailer')),
  newsletter_opt_in boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger profiles_touch before update on public.profiles
  for each row execute function public.touch_updated_at();

-- One row per role a person holds; several roles per person are normal.
create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null
    constraint user_roles_role_valid check (role in ('maker', 'designer', 'retailer', 'wholesale', 'reseller', 'supplier', 'operator')),
  granted_at timestamptz not null default now(),
  granted_by uuid references auth.users (id) on delete set null,
  primary key (user_id, role)
);

-- Helper functions. security definer so policies can ask without recursing through
-- RLS; search_path '' so nothing can be shadowed; `(select auth.uid())` is evaluated once.
create or replace function public.has_role(p_role text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.user_roles r where r.user_id = (select auth.uid()) and r.role = p_role)
$$;

create or replace function public.is_operator() returns boolean
language sql stable security definer set search_path = '' as $$
  select public.has_role('operator')
$$;

-- New auth user → profile + roles from the sign-up metadata.
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_intent text := coalesce(nullif(new.raw_user_meta_data ->> 'intent', ''), 'maker');
  v_name text := coalesce(
    nullif(btrim(new.raw_user_meta_data ->> 'display_name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
    nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
    'Maker');
begin
  if v_intent = 'shop' then v_intent := 'retailer'; end if;
  if v_intent not in ('maker', 'designer', 'retailer') then v_intent := 'maker'; end if;
  insert into public.profiles (id, display_name, intent, newsletter_opt_in)
  values (new.id, left(v_name, 80), v_intent,
          coalesce(new.raw_user_meta_data ->> 'newsletter_opt_in' in ('true', 't', '1', 'yes'), false))
  on conflict (id) do nothing;
  insert into public.user_roles (user_id, role) values (new.id, 'maker') on conflict do nothing;
  if v_intent <> 'maker' then
    insert into public.user_roles (user_id, role) values (new.id, v_intent) on conflict do nothing;
  end if;
  return new;
end $$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();
