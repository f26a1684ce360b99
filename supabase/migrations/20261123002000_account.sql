-- Account (issue #11): recovery codes for the authenticator app, store addresses that keep
-- redirecting after a rename, a shop's opening hours.

-- ── Recovery codes ────────────────────────────────────────────────────────────────────────
-- Ten single-use codes shown once when the authenticator app is turned on. Only their
-- sha256 is kept (80 random bits each: a hash without salt is enough, nothing to guess from).
-- A code turns the caller's aal1 session into aal2, the same step a TOTP code takes, so a
-- member who lost the phone can still sign in (then remove the factor and enrol again).
create table public.account_recovery_codes (
  user_id uuid not null references auth.users (id) on delete cascade,
  code_hash text not null constraint account_recovery_codes_hash_hex check (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  used_at timestamptz,
  primary key (user_id, code_hash)
);
-- Wrong codes per account, to stop guessing (kept even though the function answers false).
create table public.account_recovery_failures (
  user_id uuid not null references auth.users (id) on delete cascade,
  failed_at timestamptz not null default now()
);
create index account_recovery_failures_user_idx on public.account_recovery_failures (user_id, failed_at);
-- Nobody reads or writes these tables directly; only the functions below.
alter table public.account_recovery_codes enable row level security;
alter table public.account_recovery_failures enable row level security;
revoke all on public.account_recovery_codes, public.account_recovery_failures from anon, authenticated;

-- What people type: any case, with or without the hyphen or spaces.
create or replace function public.recovery_code_hash(p_code text) returns text
language sql immutable set search_path = '' as $$
  select encode(pg_catalog.sha256(pg_catalog.convert_to(lower(regexp_replace(coalesce(p_code, ''), '[^0-9A-Za-z]', '', 'g')), 'UTF8')), 'hex')
$$;

create or replace function public.has_verified_totp(p_user uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.mfa_factors f where f.user_id = p_user and f.status = 'verified')
$$;
revoke execute on function public.has_verified_totp(uuid) from public, anon;

-- New codes (the old ones stop working). Only from an aal2 session: whoever has just the
-- password must not be able to mint a way past the second factor.
create or replace function public.create_recovery_codes() returns setof text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_code text;
begin
  if v_user is null then
    raise exception 'Sign in to create recovery codes' using errcode = '42501';
  end if;
  if coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' or not public.has_verified_totp(v_user) then
    raise exception 'Recovery codes need the authenticator app: turn it on and enter a code first'
      using errcode = '42501', hint = 'Verify a code from your authenticator app, then try again.';
  end if;
  delete from public.account_recovery_codes where user_id = v_user;
  for i in 1..10 loop
    v_code := encode(extensions.gen_random_bytes(5), 'hex') || '-' || encode(extensions.gen_random_bytes(5), 'hex');
    insert into public.account_recovery_codes (user_id, code_hash) values (v_user, public.recovery_code_hash(v_code));
    return next v_code;
  end loop;
end $$;

-- How many unused codes the caller has left (the profile screen says so).
create or replace function public.recovery_codes_left() returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::int from public.account_recovery_codes where user_id = (select auth.uid()) and used_at is null
$$;

-- Spends one code and makes the caller's current session aal2. The client then refreshes its
-- session to get an access token that says so. Answers false for a wrong or used code (the
-- failure is recorded, so it must not roll back); 5 wrong codes in 15 minutes lock it.
create or replace function public.use_recovery_code(p_code text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_session uuid;
  v_factor uuid;
begin
  if v_user is null then
    raise exception 'Sign in with your password first' using errcode = '42501';
  end if;
  begin
    v_session := (auth.jwt() ->> 'session_id')::uuid;
  exception when invalid_text_representation then
    v_session := null;
  end;
  if v_session is null or not exists (select 1 from auth.sessions s where s.id = v_session and s.user_id = v_user) then
    raise exception 'This session has ended: sign in again' using errcode = '42501';
  end if;
  select f.id into v_factor from auth.mfa_factors f where f.user_id = v_user and f.status = 'verified'
    order by f.created_at limit 1;
  if v_factor is null then
    raise exception 'This account has no authenticator app, so it needs no recovery code' using errcode = '22023';
  end if;
  if (select count(*) from public.account_recovery_failures
      where user_id = v_user and failed_at > now() - interval '15 minutes') >= 5 then
    raise exception 'Too many wrong recovery codes: wait 15 minutes and try again' using errcode = '54000';
  end if;
  update public.account_recovery_codes set used_at = now()
    where user_id = v_user and code_hash = public.recovery_code_hash(p_code) and used_at is null;
  if not found then
    insert into public.account_recovery_failures (user_id) values (v_user);
    return false;
  end if;
  delete from public.account_recovery_failures where user_id = v_user;
  -- The same step /factors/:id/verify takes: the session is aal2 through this factor. Hosted
  -- GoTrue derives aal from the session's amr claims, the embedded server from sessions.aal.
  update auth.sessions set aal = 'aal2', factor_id = v_factor, updated_at = now() where id = v_session;
  insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
    values (v_session, now(), now(), 'totp', gen_random_uuid())
    on conflict (session_id, authentication_method) do update set updated_at = now();
  return true;
end $$;

revoke execute on function public.create_recovery_codes(), public.recovery_codes_left(), public.use_recovery_code(text) from public, anon;
grant execute on function public.create_recovery_codes(), public.recovery_codes_left(), public.use_recovery_code(text) to authenticated;

-- Removing the last authenticator app makes its recovery codes meaningless.
create or replace function public.forget_recovery_codes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not public.has_verified_totp(old.user_id) then
    delete from public.account_recovery_codes where user_id = old.user_id;
  end if;
  return old;
end $$;
create trigger mfa_factors_forget_recovery_codes after delete on auth.mfa_factors
  for each row execute function public.forget_recovery_codes();

-- ── Store addresses that keep working ─────────────────────────────────────────────────────
-- Every address a store had stays its own and redirects to the current one (printed links,
-- business cards). Another store cannot take it; the store itself can take it back.
create table public.store_slug_redirects (
  old_slug text primary key,
  store_id uuid not null references public.stores (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index store_slug_redirects_store_idx on public.store_slug_redirects (store_id);
alter table public.store_slug_redirects enable row level security;
create policy store_slug_redirects_read_all on public.store_slug_redirects for select to anon, authenticated using (true);
revoke insert, update, delete on public.store_slug_redirects from anon, authenticated;
grant select on public.store_slug_redirects to anon, authenticated;

create or replace function public.guard_store_slug_history() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.store_slug_redirects r where r.old_slug = new.slug and r.store_id <> new.id) then
    raise exception 'The store address "%" is taken', new.slug
      using errcode = '23505', hint = 'Another store used it before and its old links still lead there. Choose another address.';
  end if;
  -- Taking back one of its own old addresses: it is current again, not a redirect.
  delete from public.store_slug_redirects r where r.old_slug = new.slug and r.store_id = new.id;
  return new;
end $$;
-- Named to run after stores_validate_slug (triggers fire in name order), which trims the slug.
create trigger stores_validate_slug_history before insert or update of slug on public.stores
  for each row execute function public.guard_store_slug_history();

create or replace function public.remember_store_slug() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.slug is distinct from old.slug then
    insert into public.store_slug_redirects (old_slug, store_id) values (old.slug, new.id)
      on conflict (old_slug) do update set store_id = excluded.store_id, created_at = now();
  end if;
  return new;
end $$;
create trigger stores_remember_slug after update of slug on public.stores
  for each row execute function public.remember_store_slug();

-- The live check of the store form: 'available', 'yours' (the caller's store has or had it),
-- 'taken', 'reserved' or 'invalid'. Same rules as the triggers, so the form and the database agree.
create or replace function public.store_slug_status(p_slug text) returns text
language sql stable security definer set search_path = '' as $$
  with s as (select btrim(coalesce(p_slug, '')) as slug)
  select case
    when char_length(s.slug) not between 3 and 40 or s.slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then 'invalid'
    when public.is_reserved_slug(s.slug) then 'reserved'
    when exists (select 1 from public.stores t where t.slug = s.slug and t.owner_id = (select auth.uid()))
      or exists (select 1 from public.store_slug_redirects r join public.stores t on t.id = r.store_id
                 where r.old_slug = s.slug and t.owner_id = (select auth.uid())) then 'yours'
    when exists (select 1 from public.stores t where t.slug = s.slug)
      or exists (select 1 from public.store_slug_redirects r where r.old_slug = s.slug) then 'taken'
    else 'available'
  end
  from s
$$;
grant execute on function public.store_slug_status(text) to anon, authenticated;

-- ── A shop's opening hours ────────────────────────────────────────────────────────────────
alter table public.stores add column opening_hours text not null default ''
  constraint stores_opening_hours_length check (char_length(opening_hours) <= 500);
grant insert (opening_hours), update (opening_hours) on public.stores to authenticated;
