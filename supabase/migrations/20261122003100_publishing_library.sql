-- Publishing, new file versions, the buyer's library (issue 5 part B).
-- attach_pattern_file: registers an uploaded PDF (checked against the stored object) and,
--   for a published pattern, makes a new version with its changelog in one transaction.
-- change_patterns_status: bulk publish / archive / back to draft with a per-pattern result.
-- my_library: what the caller owns, with "updated since you last downloaded".

-- When the buyers of a version were emailed (the pattern-updated function sends once).
alter table public.pattern_versions add column if not exists notified_at timestamptz;

-- What a pattern still needs before it can be published (empty = ready).
create or replace function public.pattern_publish_gaps(p public.patterns) returns text[]
language sql stable security definer set search_path = '' as $$
  select array_remove(array[
    case when nullif(btrim(p.title), '') is null then 'a title' end,
    case when p.cover_path is null then 'a cover image' end,
    case when not exists (select 1 from public.pattern_files f where f.pattern_id = p.id) then 'at least one pattern file' end
  ], null)
$$;

-- Stores publish only complete patterns (the platform's service role may seed anything).
create or replace function public.check_pattern_publishable() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_gaps text[];
begin
  if new.status = 'published' and old.status <> 'published' and current_user = 'authenticated' then
    v_gaps := public.pattern_publish_gaps(new);
    if cardinality(v_gaps) > 0 then
      raise exception 'This pattern needs % before it can be published', array_to_string(v_gaps, ', ')
        using errcode = '23514', hint = 'Complete the checklist on the edit page.';
    end if;
  end if;
  return new;
end $$;
create trigger patterns_check_publishable before update of status on public.patterns
  for each row execute function public.check_pattern_publishable();

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
begin
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

  -- The server's own look at the upload: it exists, is a PDF and has the declared size.
  select * into v_object from storage.objects o where o.bucket_id = 'pattern-files' and o.name = v_path;
  if not found then
    raise exception 'The uploaded file was not found; upload it again' using errcode = 'PT404', detail = 'file_missing';
  end if;
  if coalesce(v_object.metadata ->> 'mimetype', '') <> 'application/pdf' then
    raise exception 'Pattern files must be PDF documents' using errcode = '22023', hint = 'Export the pattern as PDF and upload it again.';
  end if;
  if (v_object.metadata ->> 'size')::bigint is distinct from attach_pattern_file.size_bytes then
    raise exception 'The uploaded file is incomplete (% of % bytes)', coalesce(v_object.metadata ->> 'size', '0'), attach_pattern_file.size_bytes
      using errcode = '22023', hint = 'Resume the upload.';
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
            attach_pattern_file.size_bytes, lower(attach_pattern_file.sha256), v_changes);
  else
    update public.pattern_files f
       set version = attach_pattern_file.version, storage_path = v_path, size_bytes = attach_pattern_file.size_bytes,
           sha256 = lower(attach_pattern_file.sha256), changelog = v_changes
     where f.id = v_existing.id;
  end if;
  update public.patterns p set formats = array(select distinct unnest(p.formats || array[attach_pattern_file.format]) order by 1)
   where p.id = v_pattern.id and not (attach_pattern_file.format = any (p.formats));

  return jsonb_build_object('format', attach_pattern_file.format, 'version', attach_pattern_file.version,
    'storage_path', v_path, 'pattern_version', v_new_version, 'notify', v_new_version is not null);
end $$;
revoke execute on function public.attach_pattern_file(uuid, text, integer, bigint, text, text) from public, anon;
grant execute on function public.attach_pattern_file(uuid, text, integer, bigint, text, text) to authenticated;

-- Bulk status change for the caller's own patterns; one result per id, nothing half-done per pattern.
create or replace function public.change_patterns_status(pattern_ids uuid[], status text) returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_id uuid;
  v_title text;
  v_results jsonb := '[]'::jsonb;
begin
  if auth.uid() is null then
    raise exception 'Sign in to manage your patterns' using errcode = 'PT401';
  end if;
  if change_patterns_status.status is null or change_patterns_status.status not in ('draft', 'published', 'archived') then
    raise exception 'Unknown status "%"', change_patterns_status.status using errcode = '22023', hint = 'Use draft, published or archived.';
  end if;
  if cardinality(coalesce(pattern_ids, '{}')) > 500 then
    raise exception 'At most 500 patterns at a time' using errcode = '22023';
  end if;
  foreach v_id in array coalesce(pattern_ids, '{}') loop
    begin
      update public.patterns p set status = change_patterns_status.status
       where p.id = v_id and p.store_id in (select public.my_store_ids())
      returning p.title into v_title;
      if v_title is null then
        v_results := v_results || jsonb_build_object('id', v_id, 'ok', false, 'message', 'Pattern not found in your store');
      else
        v_results := v_results || jsonb_build_object('id', v_id, 'ok', true, 'title', v_title);
      end if;
    exception when others then
      v_results := v_results || jsonb_build_object('id', v_id, 'ok', false, 'message', sqlerrm,
        'title', (select p.title from public.patterns p where p.id = v_id));
    end;
    v_title := null;
  end loop;
  return v_results;
end $$;
revoke execute on function public.change_patterns_status(uuid[], text) from public, anon;
grant execute on function public.change_patterns_status(uuid[], text) to authenticated;

-- The caller's library: every pattern they are entitled to (archived ones too).
create or replace function public.my_library()
returns table (
  pattern_id uuid, title text, cover_path text, formats text[], status text, current_version integer,
  store_name text, store_slug text, source text, granted_at timestamptz, last_downloaded_at timestamptz,
  updated boolean, latest_changes text
)
language sql stable security definer set search_path = '' as $$
  select p.id, p.title, p.cover_path, p.formats, p.status, p.current_version, s.name, s.slug, e.source, e.granted_at,
         d.last_at,
         v.created_at is not null and v.created_at > coalesce(d.last_at, e.granted_at),
         v.changes
    from public.entitlements e
    join public.patterns p on p.id = e.pattern_id
    join public.stores s on s.id = p.store_id
    left join lateral (select max(x.created_at) as last_at from public.downloads x
                        where x.user_id = e.user_id and x.pattern_id = p.id) d on true
    left join lateral (select pv.created_at, pv.changes from public.pattern_versions pv
                        where pv.pattern_id = p.id order by pv.version desc limit 1) v on true
   where e.user_id = (select auth.uid()) and e.revoked_at is null
   order by e.granted_at desc, p.title
$$;
revoke execute on function public.my_library() from public, anon;
grant execute on function public.my_library() to authenticated;
