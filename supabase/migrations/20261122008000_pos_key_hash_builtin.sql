-- Till keys are hashed with the built-in sha256() (PostgreSQL 11+) instead of pgcrypto's
-- digest(): same hex SHA-256, but digest() fails intermittently on the embedded PGlite
-- ("Cipher cannot be initialized"), which made creating a key fail now and then.
create or replace function public.create_pos_key(store_id uuid, name text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_key text := 'shpos_' || encode(extensions.gen_random_bytes(24), 'hex');
  v_id uuid;
begin
  if not public.owns_store(create_pos_key.store_id) then
    raise exception 'Store not found' using errcode = 'PT404';
  end if;
  insert into public.pos_keys (store_id, name, prefix, key_hash, created_by)
  values (create_pos_key.store_id, create_pos_key.name, left(v_key, 12),
          encode(pg_catalog.sha256(pg_catalog.convert_to(v_key, 'UTF8')), 'hex'), auth.uid())
  returning id into v_id;
  return jsonb_build_object('id', v_id, 'key', v_key, 'prefix', left(v_key, 12));
end $$;
revoke execute on function public.create_pos_key(uuid, text) from public, anon;
