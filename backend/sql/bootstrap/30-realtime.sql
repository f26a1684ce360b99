-- The realtime schema the embedded Realtime server (backend/src/realtime) reads, with hosted
-- Realtime's names: realtime.messages (private channels are authorised by RLS on it: a select
-- policy to receive, an insert policy to send), realtime.topic(), realtime.send() and
-- realtime.broadcast_changes(), so app migrations that write policies and triggers run
-- unchanged on hosted Supabase. postgres_changes: hosted reads the WAL of the tables in the
-- supabase_realtime publication; here a row trigger on exactly those tables (kept in step with
-- the publication by an event trigger) sends each change with NOTIFY, and the server checks
-- RLS per subscriber with realtime.visible_to() (bench/realtime: why triggers, not replication).
-- Runs at every start: everything is "if not exists" / "or replace".

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

-- The channel being authorised (set by the server, and by realtime.send for its insert).
create or replace function realtime.topic() returns text
language sql stable as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- What the server listens to: one channel, each payload {"k": kind, ...}.
--   k = 'b': a broadcast from the database (the messages row's id, topic, event, private, payload)
--   k = 'c': a row change of a published table
create or replace function realtime._notify_message() returns trigger
language plpgsql as $$
declare
  body text;
begin
  if new.extension <> 'broadcast' then return null; end if;
  body := json_build_object('k', 'b', 'id', new.id, 'topic', new.topic, 'event', new.event,
                            'private', coalesce(new.private, false), 'payload', new.payload)::text;
  -- NOTIFY carries < 8000 bytes; a larger payload is read back from the table by its id
  if octet_length(body) > 7000 then
    body := json_build_object('k', 'b', 'id', new.id, 'topic', new.topic, 'event', new.event,
                              'private', coalesce(new.private, false), 'big', true)::text;
  end if;
  perform pg_notify('stitchhouse_realtime', body);
  return null;
end $$;
drop trigger if exists realtime_messages_notify on realtime.messages;
create trigger realtime_messages_notify after insert on realtime.messages
  for each row execute function realtime._notify_message();

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
declare
  generated_id uuid := gen_random_uuid();
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(generated_id)) end,
            event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end $$;
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void language plpgsql as $$
declare
  row_data jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation in ('INSERT', 'UPDATE', 'DELETE') then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end $$;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text) to anon, authenticated, service_role;

-- ---- postgres_changes ----

-- Row trigger on every published table: the change as hosted Realtime's wal2json record. The old
-- record holds the replica identity (the primary key, or every column with REPLICA IDENTITY FULL).
create or replace function realtime._capture_change() returns trigger
language plpgsql set search_path = pg_catalog as $$
declare
  identity_full boolean;
  pk text[];
  old_rec jsonb;
  body text;
begin
  select c.relreplident = 'f' into identity_full from pg_class c where c.oid = tg_relid;
  if tg_op <> 'INSERT' then
    old_rec := to_jsonb(old);
    if not identity_full then
      select array_agg(a.attname::text) into pk
        from pg_index x join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any (x.indkey)
       where x.indrelid = tg_relid and x.indisprimary;
      select coalesce(jsonb_object_agg(key, value), '{}') into old_rec from jsonb_each(old_rec) where key = any (coalesce(pk, '{}'));
    end if;
  end if;
  body := json_build_object(
    'k', 'c', 'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'old_record', old_rec)::text;
  if octet_length(body) > 7900 then
    -- NOTIFY's limit (hosted answers "Error 413: Payload Too Large" past its own): keep the
    -- values of at most 64 bytes, as hosted does for an oversized record
    body := json_build_object(
      'k', 'c', 'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op,
      'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'record', (select jsonb_object_agg(key, value) from jsonb_each(case when tg_op = 'DELETE' then '{}' else to_jsonb(new) end) where octet_length(value::text) <= 64),
      'old_record', (select jsonb_object_agg(key, value) from jsonb_each(coalesce(old_rec, '{}')) where octet_length(value::text) <= 64),
      'errors', json_build_array('Error 413: Payload Too Large'))::text;
  end if;
  perform pg_notify('stitchhouse_realtime', body);
  return null;
end $$;
revoke all on function realtime._capture_change() from public;

-- Puts the capture trigger on exactly the tables of the supabase_realtime publication.
create or replace function realtime._sync_publication() returns void
language plpgsql security definer set search_path = pg_catalog as $$
declare
  t record;
begin
  for t in
    select c.oid::regclass as rel from pg_trigger g join pg_class c on c.oid = g.tgrelid
     where g.tgname = 'realtime_capture_change'
       and not exists (select 1 from pg_publication_tables p
                        where p.pubname = 'supabase_realtime' and p.schemaname = c.relnamespace::regnamespace::text and p.tablename = c.relname)
  loop
    execute format('drop trigger realtime_capture_change on %s', t.rel);
  end loop;
  for t in
    select format('%I.%I', p.schemaname, p.tablename)::regclass as rel from pg_publication_tables p
     where p.pubname = 'supabase_realtime'
       and not exists (select 1 from pg_trigger g where g.tgname = 'realtime_capture_change'
                        and g.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass)
  loop
    execute format('create trigger realtime_capture_change after insert or update or delete on %s for each row execute function realtime._capture_change()', t.rel);
  end loop;
end $$;
revoke all on function realtime._sync_publication() from public;

create or replace function realtime._publication_changed() returns event_trigger
language plpgsql as $$
begin
  perform realtime._sync_publication();
end $$;
drop event trigger if exists realtime_publication_changed;
create event trigger realtime_publication_changed on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE', 'ALTER TABLE', 'DROP TABLE')
  execute function realtime._publication_changed();
select realtime._sync_publication();

-- A table's row security as it stands (its RLS switch and every policy): the server's shortcut
-- for whole roles (p_seen_by_role below) holds only while this is what it was read from.
create or replace function realtime.policies_version(p_entity regclass) returns text
language sql stable as $$
  select md5(c.relrowsecurity::text || coalesce((select string_agg(concat_ws(':', p.oid, p.polcmd, p.polpermissive, p.polroles, p.polqual), ',' order by p.oid)
                                                  from pg_policy p where p.polrelid = c.oid), ''))
    from pg_class c where c.oid = p_entity
$$;
revoke all on function realtime.policies_version(regclass) from public;

-- Which subscribers may select the changed row: for each claims object (a JWT's claims, with
-- its role), whether the row with this record's primary key is visible under RLS as that role.
-- Called by the server as the superuser, like hosted's realtime.apply_rls, and like it executed
-- once per claims object (stable functions such as auth.uid() may be read once per statement,
-- so claims cannot change inside one). The cost is kept to that execution: one prepared
-- statement per call with the key as constants (planned once per role, no parse or plan per
-- subscriber), the claims walked once in order (text, grouped by role by the caller) and the
-- role switched only where it changes. p_seen_by_role: per role, a condition on the row that
-- reads nothing but its columns, drawn by the server from the select policies (realtime/
-- policies.ts); where it holds, every subscriber of that role sees the row and one evaluation
-- stands for all of them. It is used only while the policies are still p_policies_version.
-- Returns the 1-based positions of the claims that see the row.
drop function if exists realtime.visible_to(regclass, jsonb, jsonb[]);
drop function if exists realtime.visible_to(regclass, jsonb, text[]);
create or replace function realtime.visible_to(p_entity regclass, p_record jsonb, p_claims text[],
                                               p_seen_by_role jsonb default '{}', p_policies_version text default null)
returns int[] language plpgsql as $$
declare
  key_match text;
  seen boolean;
  whole_role boolean := false;
  visible int[] := '{}';
  i int := 0;
  claims text;
  r text;
  current_role_name text;
  may_anon boolean := has_table_privilege('anon', p_entity, 'SELECT');
  may_authenticated boolean := has_table_privilege('authenticated', p_entity, 'SELECT');
  may_service boolean := has_table_privilege('service_role', p_entity, 'SELECT');
begin
  if p_policies_version is distinct from realtime.policies_version(p_entity) then p_seen_by_role := '{}'; end if;
  -- the primary key as constants, "col = 'value'::type and …", from the record read as the table's row type
  select string_agg(format('format(%L, r.%I)', format('%I = %%L::%s', a.attname, format_type(a.atttypid, a.atttypmod)), a.attname), $q$ || ' and ' || $q$ order by a.attnum)
    into key_match
    from pg_index x join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any (x.indkey)
   where x.indrelid = p_entity and x.indisprimary;
  if key_match is null then return visible; end if;
  execute format('select %s from jsonb_populate_record(null::%s, $1) r', key_match, p_entity) into key_match using p_record;
  if exists (select 1 from pg_prepared_statements where name = 'realtime_visible_to') then
    deallocate realtime_visible_to;
  end if;
  execute format('prepare realtime_visible_to as select exists (select 1 from %s where %s)', p_entity, key_match);
  foreach claims in array coalesce(p_claims, '{}') loop
    i := i + 1;
    r := coalesce(claims::jsonb ->> 'role', 'anon');
    if not (case r when 'anon' then may_anon when 'authenticated' then may_authenticated when 'service_role' then may_service else false end) then
      continue;
    end if;
    if r is distinct from current_role_name then
      whole_role := false;
      if p_seen_by_role ? r then
        -- read as the caller: the condition depends on the row alone
        perform set_config('role', 'none', true);
        execute format('select coalesce((%s), false) from %s where %s', p_seen_by_role ->> r, p_entity, key_match) into whole_role;
        whole_role := coalesce(whole_role, false);
      end if;
      perform set_config('role', r, true);
      current_role_name := r;
    end if;
    if whole_role then
      visible := visible || i;
      continue;
    end if;
    perform set_config('request.jwt.claims', claims, true);
    execute 'execute realtime_visible_to' into seen;
    if seen then visible := visible || i; end if;
  end loop;
  perform set_config('role', 'none', true), set_config('request.jwt.claims', '', true);
  deallocate realtime_visible_to;
  return visible;
end $$;
revoke all on function realtime.visible_to(regclass, jsonb, text[], jsonb, text) from public;
