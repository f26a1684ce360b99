-- Point of sale (issue #12): till keys checked in the database, a per-key rate limit, the
-- catalog feed of what a shop carries, idempotent sales recording with royalties owed, and the
-- monthly settlement statement. Royalty amounts are computed by the functions with
-- shared/src/pricing.ts (printRoyalty + splitRoyalty, the one definition) and written here only
-- through service-role functions: a shop can no longer insert its own pos_sales rows (and so
-- choose its royalty), the CSV upload goes through the pos-import function.

-- What the designer is owed is in the pattern's currency (the shop may sell in another);
-- royalty_fee_cents is the platform's share of it (splitRoyalty), the designer gets the rest.
alter table public.pos_sales
  add column royalty_currency text,
  add column royalty_fee_cents integer not null default 0 constraint pos_sales_royalty_fee_range check (royalty_fee_cents >= 0);
update public.pos_sales s set royalty_currency = p.currency from public.patterns p where p.id = s.pattern_id;
update public.pos_sales set royalty_currency = currency where royalty_currency is null;
alter table public.pos_sales
  alter column royalty_currency set not null,
  add constraint pos_sales_royalty_currency_iso check (royalty_currency ~ '^[A-Z]{3}$'),
  add constraint pos_sales_royalty_fee_within check (royalty_fee_cents <= royalty_cents);
-- Rows written without it (older seeds) owe in the pattern's currency.
create or replace function public.default_pos_royalty_currency() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.royalty_currency is null then
    select p.currency into new.royalty_currency from public.patterns p where p.id = new.pattern_id;
  end if;
  return new;
end $$;
create trigger pos_sales_royalty_currency before insert on public.pos_sales
  for each row execute function public.default_pos_royalty_currency();
create index pos_sales_store_sold_idx on public.pos_sales (store_id, sold_at desc);

drop policy pos_sales_shop_csv on public.pos_sales;
revoke insert, update, delete on public.pos_sales from anon, authenticated;

-- A revoked key stays revoked, and the revocation time is the database's.
create or replace function public.guard_pos_key_revocation() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.revoked_at is not null then
    new.revoked_at := old.revoked_at;
  elsif new.revoked_at is not null then
    new.revoked_at := now();
  end if;
  if current_user in ('anon', 'authenticated') then
    new.last_used_at := old.last_used_at;
  end if;
  return new;
end $$;
create trigger pos_keys_guard_revocation before update on public.pos_keys
  for each row execute function public.guard_pos_key_revocation();

-- Requests per key per minute (fixed windows); old windows are pruned as keys are used.
create table public.pos_key_usage (
  pos_key_id uuid not null references public.pos_keys (id) on delete cascade,
  window_start timestamptz not null,
  requests integer not null default 0,
  primary key (pos_key_id, window_start)
);

-- One answer per Idempotency-Key per shop: a replay returns it and writes nothing.
create table public.pos_requests (
  store_id uuid not null references public.stores (id) on delete cascade,
  idempotency_key text not null constraint pos_requests_key_length check (char_length(idempotency_key) between 1 and 255),
  pos_key_id uuid references public.pos_keys (id) on delete set null,
  request_hash text not null constraint pos_requests_hash_hex check (request_hash ~ '^[0-9a-f]{64}$'),
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (store_id, idempotency_key)
);

alter table public.pos_key_usage enable row level security;
alter table public.pos_requests enable row level security;
revoke all on public.pos_key_usage, public.pos_requests from anon, authenticated;
grant all on public.pos_key_usage, public.pos_requests to service_role;

-- The till's key → its shop. Unknown or revoked keys get null and nothing is written.
-- A known key counts this request in its minute window; over p_limit it answers
-- rate_limited with the seconds until the window ends (last_used_at is not moved then).
create or replace function public.pos_authenticate(p_key text, p_limit integer default 60) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_key public.pos_keys;
  v_store public.stores;
  v_window timestamptz := date_trunc('minute', now());
  v_count integer;
begin
  if p_key is null or p_key !~ '^shpos_[0-9a-f]{48}$' then
    return null;
  end if;
  select * into v_key from public.pos_keys k
   where k.key_hash = encode(pg_catalog.sha256(pg_catalog.convert_to(p_key, 'UTF8')), 'hex') and k.revoked_at is null;
  if not found then
    return null;
  end if;
  insert into public.pos_key_usage as u (pos_key_id, window_start, requests) values (v_key.id, v_window, 1)
  on conflict (pos_key_id, window_start) do update set requests = u.requests + 1
  returning requests into v_count;
  if v_count > p_limit then
    return jsonb_build_object('rate_limited', true, 'key_id', v_key.id,
      'retry_after', greatest(1, ceil(extract(epoch from (v_window + interval '1 minute' - now()))))::integer);
  end if;
  delete from public.pos_key_usage u where u.pos_key_id = v_key.id and u.window_start < v_window;
  update public.pos_keys set last_used_at = now() where id = v_key.id;
  select * into v_store from public.stores s where s.id = v_key.store_id;
  return jsonb_build_object('rate_limited', false, 'key_id', v_key.id, 'store_id', v_store.id,
    'store_name', v_store.name, 'store_currency', v_store.currency);
end $$;

-- The patterns a shop carries (store_stock), with the list price, the wholesale price when the
-- shop's owner is an approved wholesale account, and the designer's plan (for the royalty split).
create or replace function public.pos_catalog(p_store uuid) returns table (
  pattern_id uuid, title text, designer text, craft text, category text, status text,
  price_cents integer, currency text, designer_plan text, printed_copies integer,
  wholesale_price_cents integer, wholesale_currency text, wholesale_min_quantity integer, updated_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select p.id, p.title, d.name, p.craft, p.category, p.status, p.price_cents, p.currency, d.plan, st.printed_copies,
         w.price_cents, w.currency, w.min_quantity, greatest(p.updated_at, w.updated_at, st.created_at)
    from public.store_stock st
    join public.stores shop on shop.id = st.store_id
    join public.patterns p on p.id = st.pattern_id and p.status <> 'draft'
    join public.stores d on d.id = p.store_id
    left join public.pattern_wholesale_prices w on w.pattern_id = p.id
      and exists (select 1 from public.wholesale_accounts a where a.user_id = shop.owner_id and a.status = 'approved')
   where st.store_id = p_store
   order by p.title, p.id
$$;

-- For the lines of one request: which pattern ids exist, and whether this shop carries them.
create or replace function public.pos_sale_patterns(p_store uuid, p_ids uuid[]) returns table (
  pattern_id uuid, carried boolean, price_cents integer, currency text, designer_plan text)
language sql stable security definer set search_path = '' as $$
  select p.id, exists (select 1 from public.store_stock st where st.store_id = p_store and st.pattern_id = p.id),
         p.price_cents, p.currency, d.plan
    from public.patterns p join public.stores d on d.id = p.store_id
   where p.id = any (p_ids) and p.status <> 'draft'
$$;

-- Records one request's lines in one transaction. p_results holds every line in order, each
-- {line, external_id, status: accepted|rejected, reason?, sale?}; accepted sales are inserted
-- (a line whose external_id this shop already recorded becomes "duplicate"). With an
-- idempotency key the answer is stored, and a replay returns it (replayed: true) without
-- writing; the same key with another body is refused (SQLSTATE PT409).
create or replace function public.record_pos_sales(
  p_store uuid, p_key uuid, p_idempotency_key text, p_request_hash text, p_source text, p_results jsonb
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_prior public.pos_requests;
  v_line jsonb;
  v_sale jsonb;
  v_out jsonb := '[]'::jsonb;
  v_id uuid;
  v_accepted integer := 0;
  v_rejected integer := 0;
  v_duplicate integer := 0;
  v_response jsonb;
begin
  if p_idempotency_key is not null then
    insert into public.pos_requests (store_id, idempotency_key, pos_key_id, request_hash, response)
    values (p_store, p_idempotency_key, p_key, p_request_hash, '{}'::jsonb)
    on conflict (store_id, idempotency_key) do nothing;
    if not found then
      select * into v_prior from public.pos_requests r where r.store_id = p_store and r.idempotency_key = p_idempotency_key;
      if v_prior.request_hash <> p_request_hash then
        raise exception 'This Idempotency-Key was already used for a different request'
          using errcode = 'PT409', hint = 'Use a new key for new sales; resend the same body to repeat a request.';
      end if;
      return v_prior.response || jsonb_build_object('replayed', true);
    end if;
  end if;

  for v_line in select value from jsonb_array_elements(p_results) loop
    if v_line ->> 'status' = 'accepted' then
      v_sale := v_line -> 'sale';
      insert into public.pos_sales (store_id, pos_key_id, pattern_id, quantity, unit_price_cents, currency, royalty_cents,
                                    royalty_fee_cents, royalty_currency, source, external_id, sold_at)
      values (p_store, p_key, (v_sale ->> 'pattern_id')::uuid, (v_sale ->> 'quantity')::integer,
              (v_sale ->> 'unit_price_cents')::integer, v_sale ->> 'currency', (v_sale ->> 'royalty_cents')::integer,
              (v_sale ->> 'royalty_fee_cents')::integer, v_sale ->> 'royalty_currency', p_source,
              v_line ->> 'external_id', (v_sale ->> 'sold_at')::timestamptz)
      on conflict (store_id, external_id) do nothing
      returning id into v_id;
      if v_id is null then
        v_duplicate := v_duplicate + 1;
        v_out := v_out || jsonb_build_object('line', v_line -> 'line', 'external_id', v_line -> 'external_id', 'status', 'duplicate',
                                             'reason', 'A sale with this external_id was already recorded');
      else
        v_accepted := v_accepted + 1;
        v_out := v_out || jsonb_build_object('line', v_line -> 'line', 'external_id', v_line -> 'external_id', 'status', 'accepted',
                                             'sale_id', v_id, 'royalty_cents', (v_sale ->> 'royalty_cents')::integer,
                                             'royalty_currency', v_sale ->> 'royalty_currency');
      end if;
      v_id := null;
    else
      v_rejected := v_rejected + 1;
      v_out := v_out || (v_line - 'sale');
    end if;
  end loop;

  v_response := jsonb_build_object('accepted', v_accepted, 'duplicate', v_duplicate, 'rejected', v_rejected, 'results', v_out);
  if p_idempotency_key is not null then
    update public.pos_requests set response = v_response where store_id = p_store and idempotency_key = p_idempotency_key;
  end if;
  return v_response || jsonb_build_object('replayed', false);
end $$;

-- Monthly settlement: per designer store, shop, month and royalty currency, what the shop owes
-- (royalty_cents), the platform's share and the designer's. A shop sees what it owes, a designer
-- what they are owed, operators everything; p_from/p_to (months, inclusive) narrow it.
create or replace function public.pos_settlement(p_from date default null, p_to date default null) returns table (
  month date, shop_store_id uuid, shop_name text, designer_store_id uuid, designer_name text, currency text,
  sales integer, copies integer, royalty_cents bigint, platform_fee_cents bigint, designer_share_cents bigint)
language sql stable security definer set search_path = '' as $$
  select date_trunc('month', s.sold_at at time zone 'UTC')::date, shop.id, shop.name, d.id, d.name, s.royalty_currency,
         count(*)::integer, sum(s.quantity)::integer, sum(s.royalty_cents)::bigint, sum(s.royalty_fee_cents)::bigint,
         sum(s.royalty_cents - s.royalty_fee_cents)::bigint
    from public.pos_sales s
    join public.stores shop on shop.id = s.store_id
    join public.patterns p on p.id = s.pattern_id
    join public.stores d on d.id = p.store_id
   where (shop.owner_id = (select auth.uid()) or d.owner_id = (select auth.uid()) or public.is_operator())
     and not public.is_anonymous()
     and (p_from is null or s.sold_at >= date_trunc('month', p_from::timestamp) at time zone 'UTC')
     and (p_to is null or s.sold_at < (date_trunc('month', p_to::timestamp) + interval '1 month') at time zone 'UTC')
   group by 1, shop.id, shop.name, d.id, d.name, s.royalty_currency
   order by 1 desc, shop.name, d.name, s.royalty_currency
$$;

revoke execute on function public.pos_authenticate(text, integer), public.pos_catalog(uuid),
  public.pos_sale_patterns(uuid, uuid[]), public.record_pos_sales(uuid, uuid, text, text, text, jsonb),
  public.guard_pos_key_revocation(), public.default_pos_royalty_currency()
  from public, anon, authenticated;
grant execute on function public.pos_authenticate(text, integer), public.pos_catalog(uuid),
  public.pos_sale_patterns(uuid, uuid[]), public.record_pos_sales(uuid, uuid, text, text, text, jsonb) to service_role;
revoke execute on function public.pos_settlement(date, date) from public, anon;
grant execute on function public.pos_settlement(date, date) to authenticated, service_role;
