-- One call starts a download: start_download checks, as the caller (auth.uid()), that they own
-- the store or hold the pattern, picks the format when none is asked for, checks the variant,
-- records the download through record_download (the hourly limit and the download record, as
-- every other download), and answers what the download function needs next:
--   * the buyer's live stamped copy of this file version, format, variant and size selection
--     (copy; the function then answers a short signed URL of it), or
--   * when there is none, what stamping needs: the file's layers, tiles and variants, the
--     pattern's size labels and the buyer's name, order and licence for the stamp
--     (download_stamp_facts).
-- It replaces the function's reads of patterns, pattern_files, download_copies, profiles and
-- entitlements (each a round trip) with one. The refusals are record_download's and the
-- function's own: the same codes and words.
-- What stamping a pattern's file needs, for a caller who owns the store or holds the pattern: the
-- file's layers, tiles and variants, the pattern's size labels, and the caller's name, order and
-- licence as the stamp prints them. start_download answers it with a download that has no copy
-- to serve; the function asks for it alone when a kept copy's bytes turned out to be gone.
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
  if v_uid is null then
    raise exception 'Sign in to download your patterns' using errcode = 'PT401';
  end if;
  select * into v_pattern from public.patterns p where p.id = download_stamp_facts.pattern_id;
  if v_pattern.id is null
     or (not exists (select 1 from public.stores s where s.id = v_pattern.store_id and s.owner_id = v_uid)
         and not public.has_entitlement(download_stamp_facts.pattern_id)) then
    raise exception 'You have not purchased this pattern' using errcode = 'PT403',
      detail = 'not_purchased', hint = 'Buy it, or sign in with the account you bought it with.';
  end if;
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
revoke execute on function public.download_stamp_facts(uuid, text) from public, anon;
grant execute on function public.download_stamp_facts(uuid, text) to authenticated, service_role;

create or replace function public.start_download(pattern_id uuid, format text default null, variant text default '', sizes text default '')
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_pattern public.patterns;
  v_owner boolean;
  v_format text := start_download.format;
  v_variants jsonb;
  v_recorded jsonb;
  v_copy public.download_copies;
begin
  perform public.require_mfa();
  if v_uid is null then
    raise exception 'Sign in to download your patterns' using errcode = 'PT401';
  end if;
  select * into v_pattern from public.patterns p where p.id = start_download.pattern_id;
  v_owner := found and exists (select 1 from public.stores s where s.id = v_pattern.store_id and s.owner_id = v_uid);
  if v_pattern.id is null or (not v_owner and not public.has_entitlement(start_download.pattern_id)) then
    raise exception 'You have not purchased this pattern' using errcode = 'PT403',
      detail = 'not_purchased', hint = 'Buy it, or sign in with the account you bought it with.';
  end if;
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
revoke execute on function public.start_download(uuid, text, text, text) from public, anon;
grant execute on function public.start_download(uuid, text, text, text) to authenticated, service_role;
