-- Every print format from one master (issue 37). A store uploads one master PDF (large sheets,
-- optionally one layer per size) to pattern-files/<store>/<pattern>/master/v<n>.pdf; the
-- pattern-formats function (supabase/functions/pattern-formats) checks it, makes A4 and US Letter
-- tiles, the copy-shop A0 file (+ the 36-inch roll) and the projector file (+ a dark variant) into
-- the usual file paths, and applies them all at once. Nothing here is written by a member: the
-- function checks the caller owns the pattern (as the caller, under RLS) and writes as the
-- platform through the three service-only functions below.
--   * pattern_masters: one row per pattern, the latest master and the formats made from it so far
--     (`pending`: format → the generated file not yet applied). Read by the owning store only.
--   * pattern_files gains what a generated file is: `generated`, its `pages`, the master's layers
--     matched to sizes (`layers`: [{name, size}]), the home tiles' manifest (`tiles`: what each page
--     shows, for "print only my sizes") and `variants` (roll36, dark: {pages}). A designer's own
--     upload (attach_pattern_file or any write not made by apply_generated_formats) is never
--     generated: the trigger clears those columns, and apply_generated_formats leaves such a
--     file alone (the designer's own file wins).

create table public.pattern_masters (
  pattern_id uuid primary key,
  store_id uuid not null,
  version integer not null constraint pattern_masters_version_positive check (version >= 1),
  storage_path text not null,
  size_bytes bigint not null constraint pattern_masters_size_range check (size_bytes > 0 and size_bytes <= 209715200),
  sha256 text not null constraint pattern_masters_sha256_hex check (sha256 ~ '^[0-9a-f]{64}$'),
  -- [{ "width_pt", "height_pt" }], one per sheet
  sheets jsonb not null default '[]' constraint pattern_masters_sheets_array check (jsonb_typeof(sheets) = 'array'),
  -- [{ "name", "size" }]: the master's layers and the size each was matched to (null: not a size)
  layers jsonb not null default '[]' constraint pattern_masters_layers_array check (jsonb_typeof(layers) = 'array'),
  -- format → { path, size_bytes, sha256, version, pages, tiles, variants }: made, not applied yet
  pending jsonb not null default '{}' constraint pattern_masters_pending_object check (jsonb_typeof(pending) = 'object'),
  -- format → { pages, variants, kept_own }: what the last apply did
  applied jsonb not null default '{}' constraint pattern_masters_applied_object check (jsonb_typeof(applied) = 'object'),
  applied_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pattern_masters_path_layout check (storage_path = store_id::text || '/' || pattern_id::text || '/master/v' || version::text || '.pdf'),
  foreign key (pattern_id, store_id) references public.patterns (id, store_id) on delete cascade
);
create trigger pattern_masters_touch before update on public.pattern_masters
  for each row execute function public.touch_updated_at();
alter table public.pattern_masters enable row level security;
revoke all on public.pattern_masters from anon, authenticated;
grant select on public.pattern_masters to authenticated;
grant select, insert, update, delete on public.pattern_masters to service_role;
create policy pattern_masters_store_read on public.pattern_masters for select to authenticated
  using (store_id in (select public.my_store_ids()));
create policy pattern_masters_mfa_read on public.pattern_masters as restrictive for select to authenticated
  using ((select public.mfa_satisfied()));

alter table public.pattern_files
  add column generated boolean not null default false,
  add column pages integer constraint pattern_files_pages_positive check (pages is null or pages >= 1),
  add column layers jsonb not null default '[]' constraint pattern_files_layers_array check (jsonb_typeof(layers) = 'array'),
  add column tiles jsonb constraint pattern_files_tiles_array check (tiles is null or jsonb_typeof(tiles) = 'array'),
  add column variants jsonb not null default '{}' constraint pattern_files_variants_object check (jsonb_typeof(variants) = 'object');

-- Only apply_generated_formats writes a generated file; every other new file is the designer's own.
create or replace function public.pattern_files_own_upload() returns trigger
language plpgsql set search_path = '' as $$
begin
  if coalesce(current_setting('stitchhouse.applying_generated', true), '') = 'on' then
    return new;
  end if;
  if tg_op = 'INSERT' or new.storage_path is distinct from old.storage_path then
    new.generated := false;
    new.pages := null;
    new.layers := '[]';
    new.tiles := null;
    new.variants := '{}';
  end if;
  return new;
end $$;
create trigger pattern_files_own_upload before insert or update on public.pattern_files
  for each row execute function public.pattern_files_own_upload();

-- The master the function checked: recorded as the pattern's master with nothing made yet.
-- Checks the object as attach_pattern_file does (stored by the storage service, the size it measured).
create or replace function public.record_pattern_master(
  p_pattern_id uuid, p_version integer, p_size_bytes bigint, p_sha256 text, p_sheets jsonb, p_layers jsonb
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_pattern public.patterns;
  v_path text;
  v_object storage.objects;
  v_existing public.pattern_masters;
begin
  select * into v_pattern from public.patterns p where p.id = p_pattern_id;
  if not found then
    raise exception 'Pattern not found' using errcode = 'PT404';
  end if;
  select * into v_existing from public.pattern_masters m where m.pattern_id = p_pattern_id for update;
  if p_version is distinct from coalesce(v_existing.version, 0) + 1 then
    raise exception 'The master was replaced meanwhile (expected version %)', coalesce(v_existing.version, 0) + 1
      using errcode = 'PT409', hint = 'Reload the page and upload again.';
  end if;
  v_path := v_pattern.store_id::text || '/' || v_pattern.id::text || '/master/v' || p_version::text || '.pdf';
  select * into v_object from storage.objects o where o.bucket_id = 'pattern-files' and o.name = v_path;
  if not found or v_object.metadata is null or jsonb_typeof(v_object.metadata -> 'size') is distinct from 'number' then
    raise exception 'The uploaded master was not found; upload it again' using errcode = 'PT404', detail = 'file_missing';
  end if;
  if (v_object.metadata ->> 'size')::bigint is distinct from p_size_bytes then
    raise exception 'The uploaded master is incomplete (% of % bytes)', v_object.metadata ->> 'size', p_size_bytes
      using errcode = '22023', hint = 'Resume the upload.';
  end if;
  insert into public.pattern_masters as m (pattern_id, store_id, version, storage_path, size_bytes, sha256, sheets, layers)
  values (v_pattern.id, v_pattern.store_id, p_version, v_path, p_size_bytes, lower(p_sha256), p_sheets, p_layers)
  on conflict (pattern_id) do update
    set version = excluded.version, storage_path = excluded.storage_path, size_bytes = excluded.size_bytes,
        sha256 = excluded.sha256, sheets = excluded.sheets, layers = excluded.layers, pending = '{}', applied = '{}', applied_at = null;
  return jsonb_build_object('version', p_version, 'storage_path', v_path);
end $$;

-- One format made from the master (its objects are stored): kept as pending until apply.
create or replace function public.record_generated_format(p_pattern_id uuid, p_master_version integer, p_format text, p_file jsonb) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_format not in ('a4', 'us_letter', 'a0', 'projector') then
    raise exception 'Unknown format "%"', p_format using errcode = '22023';
  end if;
  update public.pattern_masters m set pending = m.pending || jsonb_build_object(p_format, p_file)
   where m.pattern_id = p_pattern_id and m.version = p_master_version;
  if not found then
    raise exception 'The master was replaced meanwhile' using errcode = 'PT409', hint = 'Reload the page and upload again.';
  end if;
end $$;

-- Every format made from the master at once (nothing half-published): a format the designer
-- uploaded themselves is kept; a published pattern whose files change gets a new version with
-- the designer's note, as attach_pattern_file does.
create or replace function public.apply_generated_formats(p_pattern_id uuid, p_master_version integer, p_changes text, p_user uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_master public.pattern_masters;
  v_pattern public.patterns;
  v_format text;
  v_file jsonb;
  v_existing public.pattern_files;
  v_result jsonb := '{}';
  v_changes text := btrim(coalesce(p_changes, ''));
  v_new_version integer;
  v_replacing boolean := false;
begin
  select * into v_master from public.pattern_masters m where m.pattern_id = p_pattern_id for update;
  if not found or v_master.version is distinct from p_master_version then
    raise exception 'The master was replaced meanwhile' using errcode = 'PT409', hint = 'Reload the page and upload again.';
  end if;
  select * into v_pattern from public.patterns p where p.id = p_pattern_id for update;
  foreach v_format in array array['a4', 'us_letter', 'a0', 'projector'] loop
    if not v_master.pending ? v_format then
      raise exception 'The % file has not been made yet', v_format using errcode = '22023', hint = 'Make every format before applying them.';
    end if;
  end loop;
  v_replacing := exists (select 1 from public.pattern_files f where f.pattern_id = p_pattern_id and f.generated);
  if v_pattern.status = 'published' and v_replacing then
    if v_changes = '' then
      raise exception 'Describe what changed in this version' using errcode = '23514',
        hint = 'Buyers get this note by email, e.g. "Corrected the sleeve notch on sheet 2".';
    end if;
    v_new_version := v_pattern.current_version + 1;
    insert into public.pattern_versions (pattern_id, store_id, version, changes, created_by)
    values (v_pattern.id, v_pattern.store_id, v_new_version, v_changes, p_user);
    update public.patterns p set current_version = v_new_version where p.id = v_pattern.id;
  end if;
  perform set_config('stitchhouse.applying_generated', 'on', true);
  foreach v_format in array array['a4', 'us_letter', 'a0', 'projector'] loop
    v_file := v_master.pending -> v_format;
    select * into v_existing from public.pattern_files f where f.pattern_id = p_pattern_id and f.format = v_format for update;
    if v_existing.id is not null and not v_existing.generated then
      v_result := v_result || jsonb_build_object(v_format, jsonb_build_object('kept_own', true, 'pages', v_file -> 'pages'));
      continue;
    end if;
    if (v_file ->> 'version')::integer is distinct from coalesce(v_existing.version, 0) + 1 then
      raise exception 'The % file was replaced meanwhile', v_format using errcode = 'PT409', hint = 'Make the formats again.';
    end if;
    if v_existing.id is null then
      insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256, changelog, generated, pages, layers, tiles, variants)
      values (v_pattern.id, v_pattern.store_id, v_format, (v_file ->> 'version')::integer, v_file ->> 'path', (v_file ->> 'size_bytes')::bigint,
              v_file ->> 'sha256', v_changes, true, (v_file ->> 'pages')::integer, v_master.layers, nullif(v_file -> 'tiles', 'null'::jsonb), coalesce(v_file -> 'variants', '{}'));
    else
      update public.pattern_files f
         set version = (v_file ->> 'version')::integer, storage_path = v_file ->> 'path', size_bytes = (v_file ->> 'size_bytes')::bigint,
             sha256 = v_file ->> 'sha256', changelog = v_changes, generated = true, pages = (v_file ->> 'pages')::integer,
             layers = v_master.layers, tiles = nullif(v_file -> 'tiles', 'null'::jsonb), variants = coalesce(v_file -> 'variants', '{}')
       where f.id = v_existing.id;
    end if;
    v_result := v_result || jsonb_build_object(v_format, jsonb_build_object('kept_own', false, 'pages', v_file -> 'pages', 'variants', coalesce(v_file -> 'variants', '{}')));
  end loop;
  perform set_config('stitchhouse.applying_generated', '', true);
  update public.patterns p set formats = array(select distinct unnest(p.formats || array['a4', 'us_letter', 'a0', 'projector']) order by 1)
   where p.id = v_pattern.id;
  update public.pattern_masters m set pending = '{}', applied = v_result, applied_at = now() where m.pattern_id = p_pattern_id;
  return jsonb_build_object('formats', v_result, 'pattern_version', v_new_version, 'notify', v_new_version is not null);
end $$;

revoke execute on function public.record_pattern_master(uuid, integer, bigint, text, jsonb, jsonb) from public, anon, authenticated;
revoke execute on function public.record_generated_format(uuid, integer, text, jsonb) from public, anon, authenticated;
revoke execute on function public.apply_generated_formats(uuid, integer, text, uuid) from public, anon, authenticated;
grant execute on function public.record_pattern_master(uuid, integer, bigint, text, jsonb, jsonb) to service_role;
grant execute on function public.record_generated_format(uuid, integer, text, jsonb) to service_role;
grant execute on function public.apply_generated_formats(uuid, integer, text, uuid) to service_role;
