-- Roles, extensions and grants a hosted Supabase database already has (supabase/postgres
-- init scripts), so supabase/migrations run unchanged here. Runs at every start: idempotent.

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
  -- Referenced by dumps and some migrations (grants, "owner to"); never used to log in here.
  if not exists (select from pg_roles where rolname = 'supabase_admin') then create role supabase_admin nologin; end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin nologin; end if;
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin nologin; end if;
  if not exists (select from pg_roles where rolname = 'dashboard_user') then create role dashboard_user nologin; end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- Same limits as Supabase so a runaway anonymous query cannot hold the single PGlite backend.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_trgm with schema extensions;
-- uuid-ossp ships with PGlite and hosted Supabase but not with every PostgreSQL package.
do $$
begin
  if exists (select from pg_available_extensions where name = 'uuid-ossp') then
    create extension if not exists "uuid-ossp" with schema extensions;
  end if;
end
$$;

grant usage on schema public, extensions to anon, authenticated, service_role;
grant execute on all functions in schema extensions to anon, authenticated, service_role;

-- Every login's search_path has extensions, as on hosted Supabase and under `supabase start`
-- (their postgres role and PostgREST's db-extra-search-path): a seed or a function body calling
-- gen_salt('bf'), crypt() or similarity() unqualified works through the pool too, not only
-- inside PostgREST requests. Database-level, so it holds for postgres, authenticator and every
-- role that logs in; this session (PGlite's one backend) takes it at once.
do $$
begin
  execute format('alter database %I set search_path = "$user", public, extensions', current_database());
end
$$;
set search_path = "$user", public, extensions;

-- The second schema hosted Supabase exposes through /rest/v1 (PostgREST's db-schemas is
-- "public, graphql_public" there and here). Hosted keeps pg_graphql's graphql() in it; there is
-- no pg_graphql here, so it is empty: the point is that storage, auth and the rest are not exposed.
create schema if not exists graphql_public;
grant usage on schema graphql_public to anon, authenticated, service_role;

-- Supabase relies on row-level security, not grants: new objects are open to the API roles.
-- Only through default privileges (set here before any migration runs): a blanket
-- "grant all on all tables/functions in schema public" would, on every restart, give back
-- what the migrations revoked (test/restart-privileges.test.ts).
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema extensions grant execute on functions to anon, authenticated, service_role;

-- Migrations do "alter publication supabase_realtime add table …"; it exists empty here.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- Private schema of the local stack (mail inbox, seed marker); never in PostgREST's db-schemas.
create schema if not exists _local;
revoke all on schema _local from public;
create table if not exists _local.mail_messages (
  id bigint generated always as identity primary key,
  recipient text not null,
  subject text not null,
  text_body text not null default '',
  html_body text not null default '',
  links text[] not null default '{}',
  created_at timestamptz not null default now()
);
create index if not exists mail_messages_recipient_idx on _local.mail_messages (lower(recipient), id desc);
create table if not exists _local.seed_runs (
  id int primary key default 1 check (id = 1),
  ran_at timestamptz not null default now()
);
