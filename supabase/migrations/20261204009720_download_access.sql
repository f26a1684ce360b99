-- Who may download a pattern is checked in one place for the three download functions
-- (record_download, download_stamp_facts, start_download): a signed-in caller (PT401 otherwise)
-- who owns the pattern's store or holds the pattern (PT403 otherwise; an unknown pattern is
-- refused the same way, so ids cannot be probed). It answers whether the caller owns the store:
-- an owner's downloads skip the hourly limit. Not security definer and not executable by the API
-- roles: it runs with the rights of the security-definer function that calls it.
create or replace function public.require_download_access(pattern_id uuid) returns boolean
language plpgsql stable set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_owner boolean;
begin
  if v_uid is null then
    raise exception 'Sign in to download your patterns' using errcode = 'PT401';
  end if;
  v_owner := exists (select 1 from public.patterns p join public.stores s on s.id = p.store_id
                      where p.id = require_download_access.pattern_id and s.owner_id = v_uid);
  if not v_owner and not public.has_entitlement(require_download_access.pattern_id) then
    raise exception 'You have not purchased this pattern' using errcode = 'PT403',
      detail = 'not_purchased', hint = 'Buy it, or sign in with the account you bought it with.';
  end if;
  return v_owner;
end $$;
revoke execute on function public.require_download_access(uuid) from public, anon, authenticated;

CREATE OR REPLACE FUNCTION public.record_download(pattern_id uuid, format text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_file public.pattern_files;
  v_owner boolean;
  v_recent integer;
  v_download_id bigint;
begin
  perform public.require_mfa();
  if record_download.format not in ('a4', 'us_letter', 'a0', 'projector') then
    raise exception 'Unknown format "%"', record_download.format using errcode = '22023',
      hint = 'Use a4, us_letter, a0 or projector.';
  end if;
  v_owner := public.require_download_access(record_download.pattern_id);
  select * into v_file from public.pattern_files f
   where f.pattern_id = record_download.pattern_id and f.format = record_download.format;
  if not found then
    raise exception 'This pattern has no % file yet', record_download.format using errcode = 'PT404',
      detail = 'file_missing', hint = 'Choose another format, or ask the designer.';
  end if;
  if not v_owner then
    -- serialise concurrent downloads of one buyer × pattern so the limit holds
    perform pg_advisory_xact_lock(hashtext(v_uid::text || record_download.pattern_id::text));
    select count(*) into v_recent from public.downloads d
     where d.user_id = v_uid and d.pattern_id = record_download.pattern_id and d.created_at > now() - interval '1 hour';
    if v_recent >= public.download_limit_per_hour() then
      raise exception 'Download limit reached: % downloads of this pattern per hour', public.download_limit_per_hour()
        using errcode = 'PT429', detail = 'limit_reached', hint = 'Try again in an hour; your purchase stays in your library.';
    end if;
  end if;
  insert into public.downloads (user_id, pattern_id, pattern_file_id, format, version)
  values (v_uid, record_download.pattern_id, v_file.id, v_file.format, v_file.version)
  returning id into v_download_id;
  return jsonb_build_object(
    'download_id', v_download_id,
    'bucket', 'pattern-files', 'storage_path', v_file.storage_path, 'format', v_file.format,
    'version', v_file.version, 'size_bytes', v_file.size_bytes, 'sha256', v_file.sha256,
    'remaining', case when v_owner then null else public.download_limit_per_hour() - v_recent - 1 end);
end $function$;

create or replace function public.download_stamp_facts(pattern_id uuid, format text)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_pattern public.patterns;
  v_file public.pattern_files;
  v_buyer jsonb;
begin
  perform public.require_mfa();
  perform public.require_download_access(download_stamp_facts.pattern_id);
  select * into v_pattern from public.patterns p where p.id = download_stamp_facts.pattern_id;
  select * into v_file from public.pattern_files f where f.pattern_id = download_stamp_facts.pattern_id and f.format = download_stamp_facts.format;
  select jsonb_build_object(
           'display_name', (select pr.display_name from public.profiles pr where pr.id = v_uid),
           'entitlement_id', e.id,
           'source', e.source,
           'licence', i.licence,
           'order_number', o.number,
           'buyer_email', o.buyer_email)
    into v_buyer
    from (select 1) one
    left join public.entitlements e on e.user_id = v_uid and e.pattern_id = download_stamp_facts.pattern_id and e.revoked_at is null
    left join public.order_items i on i.id = e.order_item_id
    left join public.orders o on o.id = i.order_id;
  return jsonb_build_object(
    'size_labels', coalesce((select jsonb_agg(s ->> 'label') from jsonb_array_elements(v_pattern.size_chart -> 'sizes') s
                             where coalesce(s ->> 'label', '') <> ''), '[]'::jsonb),
    'layers', coalesce(v_file.layers, '[]'::jsonb),
    'tiles', v_file.tiles,
    'variants', coalesce(v_file.variants, '{}'::jsonb),
    'buyer', v_buyer);
end $$;

create or replace function public.start_download(pattern_id uuid, format text default null, variant text default '', sizes text default '')
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_pattern public.patterns;
  v_format text := start_download.format;
  v_variants jsonb;
  v_recorded jsonb;
  v_copy public.download_copies;
begin
  perform public.require_mfa();
  perform public.require_download_access(start_download.pattern_id);
  select * into v_pattern from public.patterns p where p.id = start_download.pattern_id;
  if v_format is null then
    select f.format into v_format from public.pattern_files f
     where f.pattern_id = start_download.pattern_id
     order by array_position(array['a4', 'us_letter', 'a0', 'projector'], f.format) nulls last
     limit 1;
    if v_format is null then
      raise exception 'This pattern has no file in that format yet.' using errcode = 'PT404',
        detail = 'file_missing', hint = 'Choose another format, or ask the designer.';
    end if;
  end if;
  if coalesce(start_download.variant, '') <> '' then
    select f.variants into v_variants from public.pattern_files f
     where f.pattern_id = start_download.pattern_id and f.format = v_format;
    if found and not v_variants ? start_download.variant then
      if start_download.variant = 'roll36' then
        raise exception 'This pattern has no 36-inch roll file.' using errcode = 'PT404',
          detail = 'file_missing', hint = 'Choose another format, or ask the designer.';
      end if;
      raise exception 'This pattern has no dark projector file.' using errcode = 'PT404',
        detail = 'file_missing', hint = 'Choose another format, or ask the designer.';
    end if;
  end if;

  -- the limit and the record, exactly as every download
  v_recorded := public.record_download(start_download.pattern_id, v_format);

  select * into v_copy from public.download_copies c
   where c.user_id = v_uid and c.pattern_id = start_download.pattern_id and c.format = v_format
     and c.version = (v_recorded ->> 'version')::int
     and c.variant = coalesce(start_download.variant, '') and c.sizes = coalesce(start_download.sizes, '');
  v_recorded := v_recorded || jsonb_build_object(
    'title', v_pattern.title,
    'licence', v_pattern.licence,
    'current_version', v_pattern.current_version,
    'copy', case when v_copy.id is null then null
                 else jsonb_build_object('id', v_copy.id, 'storage_path', v_copy.storage_path, 'revoked', v_copy.revoked_at is not null) end);
  if v_copy.id is not null and v_copy.revoked_at is null then
    return v_recorded;
  end if;

  -- no copy to serve: what stamping needs
  return v_recorded || public.download_stamp_facts(start_download.pattern_id, v_format);
end $$;
