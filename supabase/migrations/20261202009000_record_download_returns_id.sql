-- record_download answers the id of the row it wrote (download_id), so a caller that then fails
-- to hand the buyer their file (missing or damaged original) takes off exactly that download and
-- not another one of the same pattern a concurrent request recorded meanwhile.
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
  if v_uid is null then
    raise exception 'Sign in to download your patterns' using errcode = 'PT401';
  end if;
  if record_download.format not in ('a4', 'us_letter', 'a0', 'projector') then
    raise exception 'Unknown format "%"', record_download.format using errcode = '22023',
      hint = 'Use a4, us_letter, a0 or projector.';
  end if;
  v_owner := exists (select 1 from public.patterns p join public.stores s on s.id = p.store_id
                      where p.id = record_download.pattern_id and s.owner_id = v_uid);
  if not v_owner and not public.has_entitlement(record_download.pattern_id) then
    raise exception 'You have not purchased this pattern' using errcode = 'PT403',
      detail = 'not_purchased', hint = 'Buy it, or sign in with the account you bought it with.';
  end if;
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
