-- Update mails cannot be abused (issue 31, item 10). A store inserted pattern_versions rows
-- itself (any text), called pattern-updated, reset notified_at and called again: its buyers got
-- any text any number of times. Now
--   * versions are written only by attach_pattern_file (security definer, with a real new file):
--     members lose insert/update/delete on pattern_versions and the store policies that allowed it;
--   * notified_at is written only by claim_pattern_update_mail, which the pattern-updated
--     function calls with the service key after checking the caller's store;
--   * buyers get at most pattern_update_mails_per_day() update mails per pattern in 24 hours;
--     past that the claim answers PT429 (the function's 429) and the version stays unmailed, so
--     the store can send it once the day is over.

drop policy if exists pattern_versions_store_insert on public.pattern_versions;
drop policy if exists pattern_versions_store_update on public.pattern_versions;
drop policy if exists pattern_versions_store_delete on public.pattern_versions;
revoke insert, update, delete on public.pattern_versions from anon, authenticated;
grant select, insert, update, delete on public.pattern_versions to service_role;

create or replace function public.pattern_update_mails_per_day() returns integer
language sql immutable set search_path = '' as $$ select 1 $$;

-- Marks a version as mailed and answers what changed, once per version; refuses (PT429) when
-- the pattern's buyers were already mailed the day's allowance. {claimed: false, notified_at}
-- when the version was mailed before. Service role only.
create or replace function public.claim_pattern_update_mail(p_pattern_id uuid, p_version integer) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_version public.pattern_versions;
  v_recent timestamptz[];
  v_next timestamptz;
begin
  -- one claim per pattern at a time, so two calls for two versions cannot both pass the limit
  perform 1 from public.patterns p where p.id = p_pattern_id for update;
  if not found then
    raise exception 'Pattern not found' using errcode = 'PT404';
  end if;
  select * into v_version from public.pattern_versions v where v.pattern_id = p_pattern_id and v.version = p_version for update;
  if not found then
    raise exception 'Version % of this pattern does not exist', p_version using errcode = 'PT404';
  end if;
  if v_version.notified_at is not null then
    return jsonb_build_object('claimed', false, 'notified_at', v_version.notified_at);
  end if;
  v_recent := array(select v.notified_at from public.pattern_versions v
                     where v.pattern_id = p_pattern_id and v.notified_at > now() - interval '24 hours' order by v.notified_at);
  if cardinality(v_recent) >= public.pattern_update_mails_per_day() then
    v_next := v_recent[1] + interval '24 hours';
    raise exception 'Buyers of this pattern were already emailed about an update in the last 24 hours (one update email per pattern a day)'
      using errcode = 'PT429', detail = to_char(v_next at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
            hint = 'Version ' || p_version || ' is in their library now; you can email them about it after ' || to_char(v_next at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC.';
  end if;
  update public.pattern_versions v set notified_at = now() where v.id = v_version.id;
  return jsonb_build_object('claimed', true, 'changes', v_version.changes);
end $$;
revoke execute on function public.claim_pattern_update_mail(uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_pattern_update_mail(uuid, integer) to service_role;
