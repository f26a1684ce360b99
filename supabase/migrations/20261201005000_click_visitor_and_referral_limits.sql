-- Clicks count people, not forged headers (issue #31, item 9).
--
-- Who clicked was read from cf-connecting-ip, else the first x-forwarded-for entry, else
-- x-real-ip, as the client sent them: a new cf-connecting-ip per request counted a kit click
-- each time (up to the caps), and record_referral_click counted every call.
--
-- The address now comes only from `cf-connecting-ip`. Hosted Supabase's edge (Cloudflare) sets
-- it to the client's real address and a client cannot replace it there, while x-forwarded-for
-- keeps whatever the client put in front (supabase discussion 34647). The embedded gateway sends
-- the same header, set from the socket or a TRUSTED_PROXIES hop (backend/src/client-address.ts),
-- after dropping every address header the client sent. No header at all (a direct database
-- connection) is one shared "visitor".

-- The visitor of a click: the signed-in user (guests included), else the client's address, else
-- the shared visitor. Only a SHA-256 is stored, and nobody but the service reads it.
create or replace function public.click_visitor() returns text
language plpgsql stable set search_path = '' as $$
declare
  v_headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  v_address text := nullif(btrim(v_headers ->> 'cf-connecting-ip'), '');
  v_who text := coalesce('user:' || (select auth.uid())::text, 'address:' || v_address, 'visitor');
begin
  return encode(pg_catalog.sha256(pg_catalog.convert_to(v_who, 'UTF8')), 'hex');
end $$;
revoke execute on function public.click_visitor() from public, anon, authenticated;

-- Kit clicks keep their function name (record_kit_click calls it) and take the one rule.
create or replace function public.kit_click_visitor() returns text
language sql stable set search_path = '' as $$
  select public.click_visitor()
$$;
revoke execute on function public.kit_click_visitor() from public, anon, authenticated;

-- Referral clicks remember their visitor, for leaving out repeats; resellers read their clicks
-- without it (the hash of an IPv4 address is easily reversed).
alter table public.referral_clicks add column visitor text;
create index referral_clicks_visitor_idx on public.referral_clicks (visitor, clicked_at desc);
revoke select on public.referral_clicks from authenticated;
grant select (id, code, clicked_at, path) on public.referral_clicks to authenticated;

-- Anyone following a referral link: records the click and answers its id, or null for a code that
-- is unknown or whose reseller is not approved (ignored, nothing written). As record_kit_click:
--   * the same visitor following the same code again within 30 minutes gets the click already
--     recorded (the browser remembers that one; last click wins is unchanged);
--   * a visitor's clicks beyond 60 an hour, and a code's clicks beyond 120 a minute (a burst no
--     real audience makes), are not recorded: answered with null, so the browser keeps whatever
--     click it had.
-- One visitor's calls take turns (a transaction lock on the visitor), so a burst of parallel
-- requests cannot slip past the check. The service role (the checkout function recording a
-- partner code typed at checkout, after checking it) is the server: every call is recorded.
create or replace function public.record_referral_click(code text, path text default null) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_code text := upper(btrim(record_referral_click.code));
  v_path text := nullif(left(split_part(split_part(coalesce(record_referral_click.path, ''), '?', 1), '#', 1), 300), '');
  v_service boolean := coalesce(auth.jwt() ->> 'role', '') = 'service_role';
  v_visitor text := public.click_visitor();
  v_id uuid;
begin
  if v_code !~ '^[A-Z0-9]{4,16}$' then return null; end if;
  if not exists (select 1 from public.referral_codes c where c.code = v_code and public.is_approved_reseller(c.reseller_id)) then
    return null;
  end if;
  if not v_service then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('referral_click:' || v_visitor, 0));
    select k.id into v_id from public.referral_clicks k
     where k.visitor = v_visitor and k.code = v_code and k.clicked_at > now() - interval '30 minutes'
     order by k.clicked_at desc limit 1;
    if found then return v_id; end if;
    if (select count(*) from public.referral_clicks k where k.visitor = v_visitor and k.clicked_at > now() - interval '1 hour') >= 60
       or (select count(*) from public.referral_clicks k where k.code = v_code and k.clicked_at > now() - interval '1 minute') >= 120 then
      return null;
    end if;
  end if;
  insert into public.referral_clicks (code, path, visitor)
  values (v_code, v_path, case when v_service then null else v_visitor end)
  returning id into v_id;
  return v_id;
end $$;
revoke execute on function public.record_referral_click(text, text) from public;
grant execute on function public.record_referral_click(text, text) to anon, authenticated, service_role;

-- record_kit_click as in 20261123004100_supplier_kits.sql, with the same turn-taking per visitor:
-- parallel requests of one visitor counted more than once before the first was written.
create or replace function public.record_kit_click(kit_id uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_kit public.kits;
  v_visitor text := public.kit_click_visitor();
begin
  select k.* into v_kit from public.kits k
   where k.id = record_kit_click.kit_id and k.archived_at is null and public.is_supplier(k.supplier_id)
     and exists (select 1 from public.patterns p where p.id = k.pattern_id and p.status = 'published');
  if not found then
    raise exception 'This kit is no longer available' using hint = 'The supplier may have archived it.';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('kit_click:' || v_visitor, 0));
  if v_kit.supplier_id is distinct from (select auth.uid())
     and not exists (select 1 from public.kit_clicks c where c.kit_id = v_kit.id and c.visitor = v_visitor
                        and c.clicked_at > now() - interval '30 minutes')
     and (select count(*) from public.kit_clicks c where c.visitor = v_visitor and c.clicked_at > now() - interval '1 hour') < 60
     and (select count(*) from public.kit_clicks c where c.kit_id = v_kit.id and c.clicked_at > now() - interval '1 minute') < 120 then
    insert into public.kit_clicks (kit_id, visitor) values (v_kit.id, v_visitor);
  end if;
  return v_kit.url;
end $$;
revoke execute on function public.record_kit_click(uuid) from public;
grant execute on function public.record_kit_click(uuid) to anon, authenticated, service_role;
