-- The storage schema the embedded storage server (backend/src/storage) reads and writes.
-- Table, column and function names are Supabase Storage's, so app migrations that insert
-- buckets and write policies on storage.objects run unchanged against hosted Supabase too.
-- Runs at every start: everything is "if not exists" / "or replace".

create schema if not exists storage;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

-- Keep updated_at honest for updates made by app SQL as well as by the server.
create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end $$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- Path helpers used in policies, e.g. (storage.foldername(name))[1] = auth.uid()::text
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare _parts text[];
begin
  _parts := string_to_array(name, '/');
  return _parts[1:array_length(_parts, 1) - 1];
end $$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare _parts text[];
begin
  _parts := string_to_array(name, '/');
  return _parts[array_length(_parts, 1)];
end $$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare _parts text[]; _filename text;
begin
  _parts := string_to_array(name, '/');
  _filename := _parts[array_length(_parts, 1)];
  return reverse(split_part(reverse(_filename), '.', 1));
end $$;

-- One level of a "folder" listing: sub-folders (id null) then objects, as the caller sees
-- them under row-level security (security invoker). Same signature as Supabase's.
create or replace function storage.search(
  prefix text, bucketname text, limits int default 100, levels int default 1,
  offsets int default 0, search text default '', sortcolumn text default 'name', sortorder text default 'asc'
) returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz,
                 last_accessed_at timestamptz, metadata jsonb)
language plpgsql stable as $$
declare
  v_order_by text;
  v_sort_order text;
  v_pattern text;
begin
  v_order_by := case sortcolumn
    when 'updated_at' then 'updated_at' when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at' else 'name' end;
  v_sort_order := case lower(sortorder) when 'desc' then 'desc' else 'asc' end;
  -- Prefix and search are literal text, not LIKE patterns.
  v_pattern := replace(replace(replace(coalesce(prefix, ''), '\', '\\'), '%', '\%'), '_', '\_')
            || replace(replace(replace(coalesce(search, ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query execute
    'with folders as (
       select o.path_tokens[$1] as folder
       from storage.objects o
       where o.name ilike $2 and o.bucket_id = $3 and array_length(o.path_tokens, 1) <> $1
       group by folder
     )
     select * from (
       (select f.folder as name, null::uuid as id, null::timestamptz as updated_at,
               null::timestamptz as created_at, null::timestamptz as last_accessed_at,
               null::jsonb as metadata
        from folders f order by f.folder ' || v_sort_order || ')
       union all
       (select o.path_tokens[$1] as name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
        from storage.objects o
        where o.name ilike $2 and o.bucket_id = $3 and array_length(o.path_tokens, 1) = $1
        order by ' || v_order_by || ' ' || v_sort_order || ')
     ) entries
     limit $4 offset $5'
    using levels, v_pattern, bucketname, limits, offsets;
end $$;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

grant usage on schema storage to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on all functions in schema storage to anon, authenticated, service_role;
