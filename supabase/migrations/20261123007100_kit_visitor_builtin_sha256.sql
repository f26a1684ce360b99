-- The kit-click visitor hash uses the built-in sha256() (PostgreSQL 11+) instead of pgcrypto's
-- digest(): the same hex SHA-256, but digest() fails intermittently on the embedded PGlite
-- ("Cipher cannot be initialized"), as it did for till keys (20261122008000). A clean-clone CI
-- run saw record_kit_click answer that error.
create or replace function public.kit_click_visitor() returns text
language plpgsql stable set search_path = '' as $$
declare
  v_headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  v_address text := coalesce(nullif(btrim(v_headers ->> 'cf-connecting-ip'), ''),
                             nullif(btrim(split_part(v_headers ->> 'x-forwarded-for', ',', 1)), ''),
                             nullif(btrim(v_headers ->> 'x-real-ip'), ''));
  v_who text := coalesce('user:' || (select auth.uid())::text, 'address:' || v_address, 'visitor');
begin
  return encode(pg_catalog.sha256(pg_catalog.convert_to(v_who, 'UTF8')), 'hex');
end $$;
revoke execute on function public.kit_click_visitor() from public, anon, authenticated;
