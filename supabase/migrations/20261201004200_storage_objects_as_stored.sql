-- attach_pattern_file trusts only what the storage service stored (issue 31, item 12). A store
-- inserted a storage.objects row itself (through /rest/v1 with Content-Profile: storage, now
-- closed: PostgREST exposes public and graphql_public only, as hosted Supabase does) with
-- invented metadata — a 4,242-byte PDF with no bytes behind it — and attach_pattern_file took
-- it as the pattern's file. Now
--   * object metadata (size, type, checksum) is the storage service's to write: a row written
--     as a member role (anon, authenticated: by any path but the storage service's own write)
--     gets no metadata on insert and keeps its old metadata on update. The storage service checks
--     permission with a dry run as the member and writes the real row as its own role, like
--     hosted Storage, so its rows keep what it measured;
--   * attach_pattern_file refuses an object without storage-written metadata, checks the size
--     and type storage recorded (the embedded storage refuses a body declared application/pdf
--     whose bytes are not a PDF, by its signature) and, where storage measured it (the embedded
--     storage does, in metadata.sha256; hosted Storage records no checksum), that the declared
--     sha256 is the stored bytes' one — pattern_files.sha256 is then storage's measure.

create or replace function public.storage_metadata_is_storage_written() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      new.metadata := null;
    else
      new.metadata := old.metadata;
    end if;
  end if;
  return new;
end $$;
drop trigger if exists objects_metadata_storage_written on storage.objects;
create trigger objects_metadata_storage_written before insert or update on storage.objects
  for each row execute function public.storage_metadata_is_storage_written();

-- The body as 20261201001100_mfa_guards_every_action.sql left it (the second-factor check
-- first), with the checks of the stored object.
create or replace function public.attach_pattern_file(
  pattern_id uuid, format text, version integer, size_bytes bigint, sha256 text, changes text default ''
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_pattern public.patterns;
  v_existing public.pattern_files;
  v_path text;
  v_object storage.objects;
  v_new_version integer;
  v_changes text := btrim(coalesce(attach_pattern_file.changes, ''));
  v_sha256 text := lower(btrim(coalesce(attach_pattern_file.sha256, '')));
begin
  perform public.require_mfa();
  if v_uid is null then
    raise exception 'Sign in to upload pattern files' using errcode = 'PT401';
  end if;
  select p.* into v_pattern from public.patterns p join public.stores s on s.id = p.store_id
   where p.id = attach_pattern_file.pattern_id and s.owner_id = v_uid;
  if not found then
    raise exception 'Pattern not found' using errcode = 'PT404';
  end if;
  if attach_pattern_file.format is null or attach_pattern_file.format not in ('a4', 'us_letter', 'a0', 'projector') then
    raise exception 'Unknown format "%"', attach_pattern_file.format using errcode = '22023', hint = 'Use a4, us_letter, a0 or projector.';
  end if;
  select * into v_existing from public.pattern_files f
   where f.pattern_id = v_pattern.id and f.format = attach_pattern_file.format for update;
  if attach_pattern_file.version is distinct from coalesce(v_existing.version, 0) + 1 then
    raise exception 'This file was replaced meanwhile (expected version %)', coalesce(v_existing.version, 0) + 1
      using errcode = 'PT409', hint = 'Reload the page and upload again.';
  end if;
  v_path := v_pattern.store_id::text || '/' || v_pattern.id::text || '/' || attach_pattern_file.format || '/v' || attach_pattern_file.version::text || '.pdf';

  -- The storage service's own record of the upload: it exists, is a PDF, has the declared size
  -- and, where storage measured it, the declared checksum.
  select * into v_object from storage.objects o where o.bucket_id = 'pattern-files' and o.name = v_path;
  if not found then
    raise exception 'The uploaded file was not found; upload it again' using errcode = 'PT404', detail = 'file_missing';
  end if;
  if v_object.metadata is null or jsonb_typeof(v_object.metadata -> 'size') is distinct from 'number' then
    raise exception 'This file has not been stored by the storage service; upload it again' using errcode = '22023',
      detail = 'not_stored', hint = 'Upload the PDF through the upload button (the storage API).';
  end if;
  if coalesce(v_object.metadata ->> 'mimetype', '') <> 'application/pdf' then
    raise exception 'Pattern files must be PDF documents' using errcode = '22023', hint = 'Export the pattern as PDF and upload it again.';
  end if;
  if (v_object.metadata ->> 'size')::bigint is distinct from attach_pattern_file.size_bytes then
    raise exception 'The uploaded file is incomplete (% of % bytes)', coalesce(v_object.metadata ->> 'size', '0'), attach_pattern_file.size_bytes
      using errcode = '22023', hint = 'Resume the upload.';
  end if;
  if v_object.metadata ? 'sha256' and v_object.metadata ->> 'sha256' is distinct from v_sha256 then
    raise exception 'The uploaded file does not match its checksum: storage holds other bytes than the ones you chose'
      using errcode = '22023', detail = 'checksum_mismatch', hint = 'Upload the file again.';
  end if;
  if attach_pattern_file.size_bytes > 209715200 then
    raise exception 'Pattern files can be at most 200 MB' using errcode = '22023';
  end if;

  -- Replacing a file buyers may already have is a new version with a note of what changed.
  if v_pattern.status = 'published' and v_existing.id is not null then
    if v_changes = '' then
      raise exception 'Describe what changed in this version' using errcode = '23514',
        hint = 'Buyers get this note by email, e.g. "Corrected the sleeve notch on page 4".';
    end if;
    v_new_version := v_pattern.current_version + 1;
    insert into public.pattern_versions (pattern_id, store_id, version, changes, created_by)
    values (v_pattern.id, v_pattern.store_id, v_new_version, v_changes, v_uid);
    update public.patterns p set current_version = v_new_version where p.id = v_pattern.id;
  end if;

  if v_existing.id is null then
    insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256, changelog)
    values (v_pattern.id, v_pattern.store_id, attach_pattern_file.format, attach_pattern_file.version, v_path,
            attach_pattern_file.size_bytes, v_sha256, v_changes);
  else
    update public.pattern_files f
       set version = attach_pattern_file.version, storage_path = v_path, size_bytes = attach_pattern_file.size_bytes,
           sha256 = v_sha256, changelog = v_changes
     where f.id = v_existing.id;
  end if;
  update public.patterns p set formats = array(select distinct unnest(p.formats || array[attach_pattern_file.format]) order by 1)
   where p.id = v_pattern.id and not (attach_pattern_file.format = any (p.formats));

  return jsonb_build_object('format', attach_pattern_file.format, 'version', attach_pattern_file.version,
    'storage_path', v_path, 'pattern_version', v_new_version, 'notify', v_new_version is not null);
end $$;
revoke execute on function public.attach_pattern_file(uuid, text, integer, bigint, text, text) from public, anon;
grant execute on function public.attach_pattern_file(uuid, text, integer, bigint, text, text) to authenticated;
